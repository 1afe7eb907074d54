import { LoaderCircle } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { DramaCard } from '../../../shared/ui/drama-card';
import { ErrorState } from '../../../shared/ui/error-state';
import { SectionHeader } from '../../../shared/ui/section-header';
import { DramaCardSkeleton } from '../../../shared/ui/skeleton';
import { useNearViewport } from '../../../shared/ui/use-near-viewport';
import { useInfiniteDramas } from '../api/get-dramas';

const PAGE_SIZE = 12;

/**
 * The endless grid at the bottom: loads its first page once near the screen (`settled`: the
 * rows above have their content) and the next as its end comes into view.
 */
export function MoreToWatch({ settled }: { settled: boolean }) {
  const { t } = useTranslation();
  const headingId = useId();
  const sectionRef = useRef<HTMLElement>(null);
  const sentinelRef = useRef<HTMLDivElement>(null);
  const near = useNearViewport(sectionRef, { settled });
  const query = useInfiniteDramas({ limit: PAGE_SIZE }, { enabled: near });
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const dramas = data?.pages.flatMap((page) => page.items) ?? [];
  // A drama published between two page loads shifts the pages by one: never show it twice.
  const unique = dramas.filter((drama, index) => dramas.findIndex((other) => other.id === drama.id) === index);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || error) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, error]);

  return (
    <section ref={sectionRef} aria-labelledby={headingId} data-testid="more-to-watch" className="mt-7 lg:mt-10">
      <SectionHeader id={headingId} title={t('home.moreToWatch')} />
      {error && !data ? (
        <ErrorState compact error={error} onRetry={() => void refetch()} className="mx-4 mt-2.5" />
      ) : (
        <div className="mt-2.5 grid grid-cols-3 gap-x-2.5 gap-y-4 px-4 lg:grid-cols-5 lg:gap-x-4 lg:gap-y-6 xl:grid-cols-6">
          {isPending
            ? Array.from({ length: 6 }, (_, index) => <DramaCardSkeleton key={index} still={!near} />)
            : unique.map((drama) => <DramaCard key={drama.id} drama={drama} meta={drama.category?.name} />)}
          {isFetchingNextPage && Array.from({ length: 3 }, (_, index) => <DramaCardSkeleton key={`next-${index}`} />)}
        </div>
      )}
      <div ref={sentinelRef} className="flex min-h-16 items-center justify-center px-4 py-4">
        {data && error ? (
          <ErrorState compact error={error} onRetry={() => void fetchNextPage()} className="w-full" />
        ) : hasNextPage ? (
          <button
            type="button"
            className="btn-secondary min-h-10 px-5 text-sm"
            disabled={isFetchingNextPage}
            onClick={() => void fetchNextPage()}
          >
            {isFetchingNextPage && <LoaderCircle aria-hidden className="size-4 animate-spin" />}
            {isFetchingNextPage ? t('common.loading') : t('common.loadMore')}
          </button>
        ) : (
          data && unique.length > 0 && <p className="text-xs text-fg-subtle">{t('common.endOfList')}</p>
        )}
      </div>
    </section>
  );
}
