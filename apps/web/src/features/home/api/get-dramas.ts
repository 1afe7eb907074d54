import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { DramaListQuery, dramaListResponseSchema, Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';

export type DramaListParams = Partial<DramaListQuery>;

export function getDramas(params: DramaListParams, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.dramas(), { schema: unchecked<typeof dramaListResponseSchema>(), query: params, locale, signal, cache: true });
}

export function dramasQueryOptions(params: DramaListParams, locale: Locale) {
  return queryOptions({
    queryKey: ['dramas', 'list', locale, params],
    queryFn: ({ signal }) => getDramas(params, locale, signal),
  });
}

export function useDramas(params: DramaListParams) {
  const locale = useLocale();
  return useQuery(dramasQueryOptions(params, locale));
}

export function dramasInfiniteQueryOptions(params: Omit<DramaListParams, 'page'>, locale: Locale) {
  return infiniteQueryOptions({
    queryKey: ['dramas', 'infinite', locale, params],
    queryFn: ({ pageParam, signal }) => getDramas({ ...params, page: pageParam }, locale, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useInfiniteDramas(params: Omit<DramaListParams, 'page'>, { enabled = true }: { enabled?: boolean } = {}) {
  const locale = useLocale();
  return useInfiniteQuery({ ...dramasInfiniteQueryOptions(params, locale), enabled });
}
