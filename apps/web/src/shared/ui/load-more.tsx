import { LoaderCircle, RotateCw } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../i18n/i18n';
import { ErrorState } from './error-state';

interface LoadMoreProps {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  onLoadMore: () => void;
  /** A failed next page (the pages already shown stay). */
  error?: unknown;
  /** Said while a failed page is being tried again, e.g. "retrying (attempt 2)". */
  retryMessage?: string | null;
  /** Shown under a list that has everything; nothing when omitted. */
  endText?: string;
  className?: string;
}

/**
 * The end of an endless list: loads the next page as it comes near the bottom of the screen,
 * with a button as well for those who cannot scroll (keyboard, assistive technology).
 */
export function LoadMore({
  hasNextPage,
  isFetchingNextPage,
  onLoadMore,
  error,
  retryMessage,
  endText,
  className = '',
}: LoadMoreProps) {
  const { t } = useTranslation();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const failed = Boolean(error) && !isFetchingNextPage;

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || isFetchingNextPage || failed) return;
    // Recreated after every page, so a sentinel still in view asks for the next one at once.
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: '0px 0px 160px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, failed, onLoadMore]);

  return (
    <div
      ref={sentinelRef}
      data-testid="load-more"
      className={`flex min-h-16 items-center justify-center px-4 py-4 ${className}`}
    >
      {failed ? (
        <ErrorState compact error={error} onRetry={onLoadMore} className="w-full" />
      ) : retryMessage ? (
        <p role="status" className="flex items-center gap-2 text-[13px] text-fg-muted" data-testid="load-retrying">
          <RotateCw aria-hidden className="size-4 animate-spin" />
          {retryMessage}
        </p>
      ) : hasNextPage ? (
        <button
          type="button"
          className="btn-secondary min-h-11 px-5 text-sm"
          disabled={isFetchingNextPage}
          onClick={onLoadMore}
        >
          {isFetchingNextPage && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
          {isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
        </button>
      ) : (
        endText && <p className="text-xs text-fg-subtle">{endText}</p>
      )}
    </div>
  );
}
