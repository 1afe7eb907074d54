import { Search } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { PreferencesButton } from '../../../shared/preferences/preferences-button';
import { NoticeBell } from '../../notices';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { useSiteName } from '../../../shared/system-settings/site-name';

const DEFAULT_LOGO = '/media/brand/logo-144.webp';

export function HomeHeader() {
  const { t } = useTranslation();
  const { data: settings } = useSystemSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  const siteName = useSiteName();

  return (
    <header className="sticky top-0 z-30 bg-bg/80 pt-safe backdrop-blur-xl">
      <div className="flex h-14 items-center gap-2 pr-1 pl-4">
        <h1 className="flex min-w-0 shrink items-center gap-2">
          {!logoFailed && (
            <img
              src={settings?.siteLogo || DEFAULT_LOGO}
              alt=""
              width={28}
              height={28}
              className="size-7 shrink-0 rounded-lg"
              onError={() => setLogoFailed(true)}
            />
          )}
          <span className="truncate text-lg font-extrabold tracking-tight" data-testid="site-name">
            {siteName}
          </span>
        </h1>
        <Link
          to="/search"
          className="ml-auto flex h-9 min-w-0 flex-1 basis-0 items-center gap-2 rounded-full bg-surface-2 px-3 text-[13px] text-fg-subtle active:bg-surface-3 lg:h-10 lg:max-w-md lg:hover:bg-surface-3"
          aria-label={t('routes.search')}
          data-testid="search-entry"
        >
          <Search aria-hidden className="size-4 shrink-0" strokeWidth={2.2} />
          <span className="truncate">{t('home.search')}</span>
        </Link>
        <NoticeBell />
        <PreferencesButton />
      </div>
    </header>
  );
}
