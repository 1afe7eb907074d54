import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, dramaListResponseSchema, type DramaSort, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { loadRetryDelay, shouldRetryLoad } from '../lib/load-retry';

/** Four full rows of the three-column grid. */
export const GRID_PAGE_SIZE = 12;

export interface CategoryFilter {
  /** A category slug; undefined for all dramas. */
  category?: string;
  sort: DramaSort;
}

export function getCategoryDramas(filter: CategoryFilter, page: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.dramas(), {
    schema: dramaListResponseSchema,
    query: { category: filter.category, sort: filter.sort, page, limit: GRID_PAGE_SIZE },
    locale,
    signal,
    cache: true,
    // The query retries instead, so that the screen can number the attempts.
    retry: false,
  });
}

export function categoryDramasQueryOptions(filter: CategoryFilter, locale: Locale) {
  return infiniteQueryOptions({
    queryKey: ['dramas', 'category', locale, { category: filter.category ?? null, sort: filter.sort }],
    queryFn: ({ pageParam, signal }) => getCategoryDramas(filter, pageParam, locale, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.page * last.limit < last.total ? last.page + 1 : undefined),
    retry: shouldRetryLoad,
    retryDelay: loadRetryDelay,
  });
}

export function useCategoryDramas(filter: CategoryFilter) {
  const locale = useLocale();
  return useInfiniteQuery(categoryDramasQueryOptions(filter, locale));
}
