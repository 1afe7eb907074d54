import { useEffect } from 'react';
import { useTranslation } from '../../shared/i18n/i18n';
import { useLocation } from 'react-router';
import { useSiteName } from '../../shared/system-settings/site-name';
import type { RouteHandle } from '../../shared/navigation/route-handle';

/** Every navigation starts at the top (spec section 2), including back and forward. */
export function useScrollToTop(): void {
  const { key } = useLocation();
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' });
  }, [key]);
}

/** "Page - Site" from the route's title key; the site name alone where the route has none. */
export function useDocumentTitle(handle: RouteHandle | undefined): void {
  const { t } = useTranslation();
  const siteName = useSiteName();
  const page = handle?.titleKey ? t(handle.titleKey) : null;
  useEffect(() => {
    document.title = page ? `${page} - ${siteName}` : siteName;
  }, [page, siteName]);
}
