import { ChevronRight, FileText, ShieldCheck } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { useSiteName } from '../../../shared/system-settings/site-name';
import { ErrorState } from '../../../shared/ui/error-state';
import { PageHeader } from '../../../shared/ui/page-header';
import { Skeleton } from '../../../shared/ui/skeleton';
import { APP_VERSION } from '../../../shared/vitals/app-version';

const FALLBACK_LOGO = '/icons/icon-192.png';

/** Who we are: the site's name, logo and description, the version, and the legal notices. */
export function AboutPage() {
  const { t } = useTranslation();
  const { data: settings, error, isPending, refetch } = useSystemSettings();
  const name = useSiteName();

  return (
    <div className="flex flex-1 flex-col pb-10" data-testid="about-page">
      <PageHeader title={t('routes.about')} fallback="/profile" />
      {error && !settings ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : (
        <div className="flex flex-1 flex-col px-4">
          <div className="flex flex-col items-center pt-10 pb-8 text-center">
            {isPending ? (
              <Skeleton className="size-20 rounded-[22px]" />
            ) : (
              <img
                src={settings?.siteLogo || FALLBACK_LOGO}
                alt=""
                width={80}
                height={80}
                className="size-20 rounded-[22px] object-cover shadow-card"
                data-testid="about-logo"
              />
            )}
            <h2 className="mt-4 max-w-full text-xl font-bold [overflow-wrap:anywhere]" data-testid="about-name">
              {isPending ? <Skeleton className="h-6 w-36 rounded-md" /> : name}
            </h2>
            <p className="mt-1 text-[13px] text-fg-subtle tabular-nums" data-testid="about-version">
              {t('about.version', { version: APP_VERSION })}
            </p>
            {settings?.siteDescription && (
              <p className="mt-3 max-w-sm text-sm leading-relaxed text-fg-muted" data-testid="about-description">
                {settings.siteDescription}
              </p>
            )}
          </div>

          <nav className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface" aria-label={t('about.legal')}>
            <Link to="/legal/agreement" className="flex min-h-13 items-center gap-3 px-4 active:bg-surface-2">
              <FileText aria-hidden className="size-5 shrink-0 text-fg-muted" />
              <span className="min-w-0 flex-1 truncate text-[15px]">{t('routes.agreement')}</span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
            </Link>
            <Link to="/legal/privacy" className="flex min-h-13 items-center gap-3 px-4 active:bg-surface-2">
              <ShieldCheck aria-hidden className="size-5 shrink-0 text-fg-muted" />
              <span className="min-w-0 flex-1 truncate text-[15px]">{t('routes.privacy')}</span>
              <ChevronRight aria-hidden className="size-4 shrink-0 text-fg-subtle" />
            </Link>
          </nav>

          <footer className="mt-auto space-y-1 pt-10 text-center text-xs leading-relaxed text-fg-subtle">
            {settings?.icp && (
              <p data-testid="about-icp" className="[overflow-wrap:anywhere]">
                {settings.icp}
              </p>
            )}
            {settings?.copyright && (
              <p data-testid="about-copyright" className="[overflow-wrap:anywhere]">
                {settings.copyright}
              </p>
            )}
          </footer>
        </div>
      )}
    </div>
  );
}
