import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, hotSearchResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';

export function getHotSearches(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.hotSearches(), { schema: hotSearchResponseSchema, locale, signal });
}

export function hotSearchesQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['search', 'hot', locale],
    queryFn: ({ signal }) => getHotSearches(locale, signal),
    staleTime: 5 * 60_000,
  });
}

export function useHotSearches() {
  const locale = useLocale();
  return useQuery(hotSearchesQueryOptions(locale));
}
