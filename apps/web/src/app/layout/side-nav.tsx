import { Search, type LucideIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../shared/i18n/i18n';
import { useSystemSettings } from '../../shared/system-settings/get-system-settings';
import { useSiteName } from '../../shared/system-settings/site-name';
import { TAB_ICONS } from './tab-icons';
import { TAB_KEYS, TAB_PATHS, type TabKey } from './tab-model';

const DEFAULT_LOGO = '/media/brand/logo-144.webp';

function RailLink({ to, icon: Icon, label, active, testId }: { to: string; icon: LucideIcon; label: string; active: boolean; testId: string }) {
  return (
    <Link
      to={to}
      aria-current={active ? 'page' : undefined}
      data-testid={testId}
      className={`flex w-[72px] flex-col items-center gap-1 rounded-2xl py-2.5 text-[11px] font-medium transition-colors duration-150 hover:bg-surface-2 ${
        active ? 'text-accent' : 'text-fg-subtle hover:text-fg'
      }`}
    >
      <Icon
        aria-hidden
        className="size-6"
        strokeWidth={active ? 2.3 : 1.8}
        fill={active ? 'currentColor' : 'none'}
        fillOpacity={active ? 0.16 : 0}
      />
      <span className={`max-w-full truncate px-1 ${active ? 'font-semibold' : ''}`}>{label}</span>
    </Link>
  );
}

/**
 * The wide screen's navigation: the tab bar's four places down the left edge, with search, so a
 * desktop keeps its whole height for content and its width for the grids.
 */
export function SideNav({ active, searching }: { active: TabKey | null; searching: boolean }) {
  const { t } = useTranslation();
  const { data: settings } = useSystemSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  const siteName = useSiteName();
  return (
    <nav
      aria-label={t('nav.label')}
      data-testid="side-nav"
      className="fixed inset-y-0 left-0 z-40 hidden w-[88px] flex-col items-center gap-1 border-r border-line bg-bg py-4 lg:flex"
    >
      <Link to="/" className="mb-4 grid size-11 place-items-center rounded-xl" aria-label={siteName}>
        {!logoFailed && (
          <img
            src={settings?.siteLogo || DEFAULT_LOGO}
            alt=""
            width={36}
            height={36}
            className="size-9 rounded-xl"
            onError={() => setLogoFailed(true)}
          />
        )}
      </Link>
      {TAB_KEYS.map((tab) => (
        <RailLink
          key={tab}
          to={TAB_PATHS[tab]}
          icon={TAB_ICONS[tab]}
          label={t(`nav.${tab}`)}
          active={active === tab}
          testId={`rail-${tab}`}
        />
      ))}
      <RailLink to="/search" icon={Search} label={t('routes.search')} active={searching} testId="rail-search" />
    </nav>
  );
}
