import { useTranslation } from '../../shared/i18n/i18n';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { useRouteHandle } from '../../shared/navigation/route-handle';
import { NavigationProgress } from './navigation-progress';
import { useDocumentTitle, useScrollToTop } from './route-effects';
import { SideNav } from './side-nav';
import { TabBar } from './tab-bar';
import { activeTab, isTabBarHidden, isWidePage } from './tab-model';

/**
 * The phone frame: progress bar, the current page with its transition, and the tab bar. From
 * 1024 px the frame opens to the screen's width: the tab bar becomes a rail on the left, the
 * browsing pages spread to a wide column and the others keep a readable one in the middle.
 */
export function AppLayout() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigationType = useNavigationType();
  const handle = useRouteHandle();
  useScrollToTop();
  useDocumentTitle(handle);

  const tabBarVisible = !isTabBarHidden(location.pathname);
  const wide = isWidePage(location.pathname);
  // Going back should not look like going deeper, so history moves always fade.
  const transition = navigationType === 'POP' ? 'fade' : (handle?.transition ?? 'fade');

  return (
    <div
      className={`relative mx-auto flex min-h-dvh w-full max-w-[480px] flex-col bg-bg shadow-[0_0_0_1px_var(--line),0_30px_80px_-20px_rgb(0_0_0/0.35)] lg:max-w-none lg:shadow-none ${
        tabBarVisible ? 'lg:pl-[88px]' : ''
      }`}
    >
      <a
        href="#main"
        className="sr-only z-[90] rounded-full bg-surface px-4 py-2 text-sm font-semibold focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        {t('app.skipToContent')}
      </a>
      <NavigationProgress />
      <main
        tabIndex={-1}
        id="main"
        className={`flex flex-1 flex-col ${tabBarVisible ? 'pb-[calc(3.5rem+env(safe-area-inset-bottom))] lg:pb-0' : ''}`}
      >
        <div
          key={location.pathname}
          data-width={wide ? 'wide' : 'column'}
          className={`flex w-full flex-1 flex-col lg:mx-auto ${wide ? 'lg:max-w-[1240px]' : 'lg:max-w-[720px]'} page-${transition}`}
        >
          <Outlet />
        </div>
      </main>
      {tabBarVisible && <TabBar active={activeTab(location.pathname)} />}
      {tabBarVisible && <SideNav active={activeTab(location.pathname)} searching={location.pathname === '/search'} />}
    </div>
  );
}
