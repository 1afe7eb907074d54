import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type dramaListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { loadRetryDelay, shouldRetryLoad } from '../lib/load-retry';
import { gridQuery, type CategoryFilter } from './grid-query';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';

export { GRID_PAGE_SIZE, type CategoryFilter } from './grid-query';

export function getCategoryDramas(filter: CategoryFilter, page: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.dramas(), {
    schema: unchecked<typeof dramaListResponseSchema>(),
    query: gridQuery(filter, page),
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
    getNextPageParam: nextPageOf,
    retry: shouldRetryLoad,
    retryDelay: loadRetryDelay,
  });
}

export function useCategoryDramas(filter: CategoryFilter) {
  const locale = useLocale();
  return useInfiniteQuery(categoryDramasQueryOptions(filter, locale));
}
