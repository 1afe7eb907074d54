import { LayoutGrid, LoaderCircle, RotateCcw, Sparkles } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { ErrorState } from '../../../shared/ui/error-state';

/** The last card of the feed: everything was seen; where to go next. */
export function SeenEverything({ onStartOver }: { onStartOver: () => void }) {
  const { t } = useTranslation();
  return (
    <div data-testid="explore-end" className="flex h-full flex-col items-center justify-center px-10 text-center">
      <div className="grid size-20 place-items-center rounded-full bg-gradient-to-br from-accent-fill-2 to-accent-fill shadow-[0_12px_40px_-12px_var(--accent-fill)]">
        <Sparkles aria-hidden className="size-9 text-on-accent" strokeWidth={1.75} />
      </div>
      <h2 className="mt-5 text-xl font-bold text-fg">{t('explore.seenAllTitle')}</h2>
      <p className="mt-2 max-w-xs text-sm leading-relaxed text-fg-muted">{t('explore.seenAllBody')}</p>
      <Link to="/category" className="btn-primary mt-6 w-full max-w-[260px]" data-testid="explore-browse">
        <LayoutGrid aria-hidden className="size-4" />
        {t('explore.browseCategories')}
      </Link>
      <button type="button" onClick={onStartOver} className="btn-secondary mt-3 w-full max-w-[260px]" data-testid="explore-start-over">
        <RotateCcw aria-hidden className="size-4" />
        {t('explore.startOver')}
      </button>
    </div>
  );
}

/** The card after the last item while the next page loads, or failed to. */
export function MoreComing({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  if (error) {
    return (
      <div className="flex h-full items-center justify-center">
        <ErrorState error={error} onRetry={onRetry} />
      </div>
    );
  }
  return (
    <div role="status" className="flex h-full flex-col items-center justify-center gap-3 text-fg-muted">
      <LoaderCircle aria-hidden className="size-8 animate-spin" />
      <span className="text-sm">{t('explore.loadingMore')}</span>
    </div>
  );
}
