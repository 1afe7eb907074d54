import { ChevronLeft } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link, useLocation, useNavigate } from 'react-router';
import { PreferencesButton } from '../../../shared/preferences/preferences-button';
import { useSystemSettings } from '../../../shared/system-settings/get-system-settings';
import { useSiteName } from '../../../shared/system-settings/site-name';

const DEFAULT_LOGO = '/media/brand/logo-144.webp';

interface AuthShellProps {
  title: string;
  subtitle?: ReactNode;
  /** "Step 1 of 2" on the reset pages. */
  step?: string;
  /** Where Back goes when the page was opened directly. */
  fallback?: string;
  children: ReactNode;
  /** The way to the other guest pages: "No account yet? Sign up". */
  footer?: { prompt?: string; to: string; label: string };
}

/** The frame of the guest pages: back, display settings, the brand, a title, the form. */
export function AuthShell({ title, subtitle, step, fallback = '/', children, footer }: AuthShellProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { data: settings } = useSystemSettings();
  const [logoFailed, setLogoFailed] = useState(false);
  const siteName = useSiteName();
  const canGoBack = location.key !== 'default';

  return (
    <div className="relative flex flex-1 flex-col overflow-hidden">
      <div
        aria-hidden
        className="pointer-events-none absolute -top-40 left-1/2 size-[420px] -translate-x-1/2 rounded-full bg-accent-fill opacity-[0.16] blur-[90px] dark:opacity-[0.22]"
      />
      <div className="relative flex h-12 items-center justify-between px-1 pt-safe">
        <button
          type="button"
          aria-label={t('common.back')}
          className="icon-btn"
          onClick={() => (canGoBack ? navigate(-1) : navigate(fallback, { replace: true }))}
        >
          <ChevronLeft aria-hidden className="size-6" />
        </button>
        <PreferencesButton />
      </div>

      <div className="relative flex flex-1 flex-col px-6 pt-3 pb-8">
        <div className="flex items-center gap-2.5" data-testid="auth-brand">
          {!logoFailed && (
            <img
              src={settings?.siteLogo || DEFAULT_LOGO}
              alt=""
              width={40}
              height={40}
              className="size-10 shrink-0 rounded-xl shadow-[0_8px_24px_-8px_var(--accent-fill)]"
              onError={() => setLogoFailed(true)}
            />
          )}
          <span className="min-w-0 truncate text-[17px] font-extrabold tracking-tight" data-testid="site-name">
            {siteName}
          </span>
        </div>

        {step && <p className="mt-8 text-xs font-semibold tracking-wide text-accent uppercase">{step}</p>}
        <h1 className={`${step ? 'mt-1.5' : 'mt-8'} text-[28px] leading-tight font-bold tracking-tight`}>{title}</h1>
        {subtitle && <p className="mt-2 text-[15px] leading-relaxed text-fg-muted">{subtitle}</p>}

        <div className="mt-7">{children}</div>
        {footer && (
          <div className="mt-auto pt-8 text-center text-sm text-fg-muted">
            {footer.prompt && <>{footer.prompt}{' '}</>}
            <Link to={footer.to} replace className="inline-flex min-h-11 items-center font-semibold text-accent">
              {footer.label}
            </Link>
          </div>
        )}
      </div>
    </div>
  );
}
