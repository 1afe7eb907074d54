import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { errorMessage } from '../../../shared/i18n/error-message';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "Could not load tasks". */
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/** A screen's first load failed: what failed, why, and a way to try again. */
export function LoadError({ title, error, onRetry, className = '' }: LoadErrorProps) {
  const { t } = useTranslation();
  return (
    <div role="alert" data-testid="load-error" className={`flex flex-col items-center px-8 py-12 text-center ${className}`}>
      <div className="grid size-16 place-items-center rounded-full bg-accent-soft text-accent">
        <TriangleAlert aria-hidden className="size-7" strokeWidth={1.75} />
      </div>
      <p className="mt-4 text-base font-semibold text-fg">{title}</p>
      <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-fg-muted">{errorMessage(t, error)}</p>
      <button type="button" onClick={onRetry} className="btn-primary mt-5">
        <RotateCw aria-hidden className="size-4" />
        {t('common.retry')}
      </button>
    </div>
  );
}
