import { CircleAlert, RotateCw } from 'lucide-react';
import { useTranslation } from '../i18n/i18n';
import { errorMessage } from '../i18n/error-message';

interface InlineErrorProps {
  /** What failed, in the screen's words ("Could not load the plans"). */
  title: string;
  error: unknown;
  onRetry?: () => void;
  className?: string;
}

/** A failed part of a page: what failed, why (network, server), and a retry, without losing the rest. */
export function InlineError({ title, error, onRetry, className = '' }: InlineErrorProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" className={`flex items-center gap-3 rounded-2xl border border-line bg-surface px-4 py-3 ${className}`}>
      <CircleAlert aria-hidden className="size-5 shrink-0 text-danger" />
      <div className="min-w-0 flex-1">
        <p className="text-sm font-semibold text-fg">{title}</p>
        <p className="mt-0.5 text-xs text-fg-muted">{errorMessage(t, error)}</p>
      </div>
      {onRetry && (
        <button
          type="button"
          onClick={onRetry}
          className="inline-flex min-h-11 shrink-0 items-center gap-1.5 rounded-full px-3 text-sm font-semibold text-accent active:bg-accent-soft"
        >
          <RotateCw aria-hidden className="size-4" />
          {t('common.retry')}
        </button>
      )}
    </div>
  );
}
