import { CircleAlert, RotateCw, ServerCrash, WifiOff, type LucideIcon } from 'lucide-react';
import { useTranslation } from '../i18n/i18n';
import { isApiError } from '../api/api-client';
import { errorMessage } from '../i18n/error-message';

const ICONS: Record<'offline' | 'server' | 'other', LucideIcon> = {
  offline: WifiOff,
  server: ServerCrash,
  other: CircleAlert,
};

/** Offline and server trouble look different, so the user can tell whether to check their signal. */
function kindOf(error: unknown): keyof typeof ICONS {
  if (error instanceof TypeError) return 'offline';
  if (!isApiError(error)) return 'other';
  if (error.code === 'NETWORK_ERROR' || error.code === 'TIMEOUT') return 'offline';
  return error.status >= 500 ? 'server' : 'other';
}

interface ErrorStateProps {
  error: unknown;
  onRetry?: () => void;
  /** Compact fits inside a row of cards; the full version fills a page. */
  compact?: boolean;
  className?: string;
}

export function ErrorState({ error, onRetry, compact = false, className = '' }: ErrorStateProps) {
  const { t } = useTranslation();
  const message = errorMessage(t, error);
  const Icon = ICONS[kindOf(error)];
  if (compact) {
    return (
      <div
        role="alert"
        className={`flex items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 text-sm ${className}`}
      >
        <Icon aria-hidden className="size-5 shrink-0 text-fg-subtle" />
        <p className="min-w-0 flex-1 text-fg-muted">{message}</p>
        {onRetry && (
          <button
            type="button"
            onClick={onRetry}
            className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 font-semibold text-accent active:bg-accent-soft"
          >
            <RotateCw aria-hidden className="size-4" />
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div role="alert" className={`flex flex-col items-center px-8 py-12 text-center ${className}`}>
      <div className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <Icon aria-hidden className="size-7" strokeWidth={1.75} />
      </div>
      <p className="mt-4 text-base font-semibold text-fg">{t('errors.title')}</p>
      <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-fg-muted">{message}</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="btn-primary mt-5">
          <RotateCw aria-hidden className="size-4" />
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
