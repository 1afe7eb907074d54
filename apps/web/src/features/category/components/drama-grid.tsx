import type { DramaSummary } from '@drama/contracts';
import { RotateCw } from 'lucide-react';
import { useCallback, useDeferredValue, type ReactNode } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { DramaCard } from '../../../shared/ui/drama-card';
import { ErrorState } from '../../../shared/ui/error-state';
import type { InfiniteListQuery } from '../../../shared/ui/infinite-list/infinite-list';
import { LoadMore } from '../../../shared/ui/load-more';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';
import { retryAttempt } from '../lib/load-retry';

/** What the grid reads of an infinite query over pages of dramas: an endless list's, and its retries. */
interface DramaPagesQuery extends InfiniteListQuery<DramaSummary> {
  isFetching: boolean;
  failureCount: number;
}

interface DramaGridProps {
  query: DramaPagesQuery;
  /** Shown when the first page came back with nothing. */
  empty: ReactNode;
  /** The line under a card's title. */
  metaOf?: (drama: DramaSummary) => ReactNode;
}

const SKELETON_COUNT = 9;
/** Two rows of three show on a phone before any scrolling: their covers load at once. */
const ABOVE_THE_FOLD = 6;

/** "Loading failed, retrying (attempt 2)…" while the query tries again (spec section 8). */
function RetryNotice({ attempt }: { attempt: number }) {
  const { t } = useTranslation();
  return (
    <p
      role="status"
      data-testid="load-retrying"
      className="mx-4 mb-3 flex items-center gap-2 rounded-2xl border border-line bg-surface px-4 py-3 text-[13px] text-fg-muted"
    >
      <RotateCw aria-hidden className="size-4 shrink-0 animate-spin text-accent" />
      {t('category.retrying', { attempt })}
    </p>
  );
}

/** Three columns of covers that load the next page as the end comes into view. */
export function DramaGrid({ query, empty, metaOf }: DramaGridProps) {
  const { t } = useTranslation();
  const { error, isPending, isFetching, failureCount, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  // The cards are built in a transition: their render yields to the browser every few
  // milliseconds instead of holding a slow phone's main thread from the answer to the first frame.
  const data = useDeferredValue(query.data);
  const catchingUp = data === undefined && query.data !== undefined;
  const attempt = retryAttempt(failureCount, isFetching);
  const loadMore = useCallback(() => {
    void fetchNextPage({ cancelRefetch: false });
  }, [fetchNextPage]);

  // First load, a retry after it failed, or the first cards still being built: skeletons, with
  // the attempt once one has failed.
  if (isPending || catchingUp || (!data && isFetching)) {
    return (
      <div aria-busy="true">
        <span className="sr-only">{t('common.loading')}</span>
        {attempt !== null && <RetryNotice attempt={attempt} />}
        <div className="grid grid-cols-3 gap-x-2.5 gap-y-4 px-4 lg:grid-cols-5 lg:gap-x-4 lg:gap-y-6 xl:grid-cols-6" data-testid="drama-grid-skeleton">
          {Array.from({ length: SKELETON_COUNT }, (_, index) => (
            <DramaCardSkeleton key={index} />
          ))}
        </div>
      </div>
    );
  }

  if (!data) return <ErrorState error={error} onRetry={() => void refetch()} className="flex-1" />;

  const dramas = data.pages.flatMap((page) => page.items);
  // A drama that moved up the ranking between two page loads must not show twice.
  const unique = dramas.filter((drama, index) => dramas.findIndex((other) => other.id === drama.id) === index);
  if (unique.length === 0) return empty;

  return (
    <>
      <ul className="grid grid-cols-3 gap-x-2.5 gap-y-4 px-4 lg:grid-cols-5 lg:gap-x-4 lg:gap-y-6 xl:grid-cols-6" data-testid="drama-grid">
        {unique.map((drama, index) => (
          <li key={drama.id} className="min-w-0">
            <DramaCard drama={drama} meta={metaOf?.(drama)} eager={index < ABOVE_THE_FOLD} />
          </li>
        ))}
        {isFetchingNextPage &&
          Array.from({ length: 3 }, (_, index) => (
            <li key={`next-${index}`}>
              <DramaCardSkeleton />
            </li>
          ))}
      </ul>
      <LoadMore
        hasNextPage={hasNextPage}
        isFetchingNextPage={isFetchingNextPage}
        onLoadMore={loadMore}
        error={query.isFetchNextPageError ? error : undefined}
        retryMessage={isFetchingNextPage && attempt !== null ? t('category.retrying', { attempt }) : null}
        endText={t('common.endOfList')}
      />
    </>
  );
}
