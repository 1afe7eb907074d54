import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { Locale, tagListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

export function getTags(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.tags(), { schema: unchecked<typeof tagListResponseSchema>(), locale, signal, cache: true });
}

export function tagsQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: ['tags', locale],
    queryFn: ({ signal }) => getTags(locale, signal),
    staleTime: 5 * 60_000,
  });
}

export function useTags() {
  const locale = useLocale();
  return useQuery(tagsQueryOptions(locale));
}
