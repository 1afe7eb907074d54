import { LoaderCircle } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useLocale, useTranslation } from '../../../shared/i18n/i18n';
import { ErrorState } from '../../../shared/ui/error-state';
import { useSearchResults } from '../api/search-dramas';
import { NoResults } from './no-results';
import { SearchResultItem, SearchResultSkeleton } from './search-result-item';

interface SearchResultsProps {
  keyword: string;
  /** True while the keyword is still being typed (not counted as a search). */
  suggest: boolean;
  onOpen: () => void;
}

/** The results of one keyword, loading the next page as the end of the list comes into view. */
export function SearchResults({ keyword, suggest, onOpen }: SearchResultsProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const sentinelRef = useRef<HTMLDivElement>(null);
  const query = useSearchResults(keyword, suggest);
  const { data, error, isPending, isPlaceholderData, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = query;
  const first = data?.pages[0];
  const hits = data?.pages.flatMap((page) => page.items) ?? [];
  // A drama added between two page loads shifts the pages by one: never show it twice.
  const unique = hits.filter((hit, index) => hits.findIndex((other) => other.drama.id === hit.drama.id) === index);

  useEffect(() => {
    const sentinel = sentinelRef.current;
    if (!sentinel || !hasNextPage || error || isPlaceholderData) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px 0px' },
    );
    observer.observe(sentinel);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage, error, isPlaceholderData]);

  if (isPending) {
    return (
      <ul data-testid="search-loading" aria-busy="true" className="pt-1">
        {Array.from({ length: 5 }, (_, index) => (
          <SearchResultSkeleton key={index} />
        ))}
      </ul>
    );
  }
  if (error && !data) {
    return <ErrorState error={error} onRetry={() => void refetch()} className="pt-16" />;
  }
  if (!first || first.total === 0 || unique.length === 0) {
    // The previous keyword's empty answer stays until this one's arrives; the message must not say the wrong word.
    return isPlaceholderData ? null : <NoResults keyword={first?.keyword || keyword} />;
  }

  return (
    <section
      aria-label={t('search.resultsFor', { keyword: first.keyword || keyword })}
      aria-busy={isPlaceholderData}
      data-testid="search-results"
      data-keyword={first.keyword}
      className={`transition-opacity duration-150 ${isPlaceholderData ? 'opacity-60' : ''}`}
    >
      <p data-testid="search-count" className="px-4 pt-2 text-xs text-fg-subtle" aria-live="polite">
        {first.totalCapped
          ? t('search.resultCountCapped', { total: first.total.toLocaleString(locale) })
          : t('search.resultCount', { count: first.total })}
      </p>
      <ul className="divide-y divide-line">
        {unique.map((hit, index) => (
          <SearchResultItem key={hit.drama.id} hit={hit} keyword={first.keyword || keyword} onOpen={onOpen} eager={index < 4} />
        ))}
        {isFetchingNextPage && <SearchResultSkeleton />}
      </ul>
      <div ref={sentinelRef} className="flex min-h-16 items-center justify-center px-4 py-4">
        {error ? (
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
          <p className="text-xs text-fg-subtle">{t('common.endOfList')}</p>
        )}
      </div>
    </section>
  );
}
