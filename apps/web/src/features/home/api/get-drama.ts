import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { dramaDetailResponseSchema, Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

export function getDrama(id: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.drama(id), { schema: unchecked<typeof dramaDetailResponseSchema>(), locale, signal, cache: true });
}

export function dramaQueryOptions(id: number, locale: Locale) {
  return queryOptions({
    queryKey: ['dramas', 'detail', locale, id],
    queryFn: ({ signal }) => getDrama(id, locale, signal),
  });
}

/**
 * Several dramas at once (continue watching), each fetched and cached on its own, in one query:
 * `useQueries` would put a second observer kind into the first page's code. A drama that cannot
 * be loaded (removed since, or its call failed) is null.
 */
export function useDramasById(ids: readonly number[]) {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['dramas', 'by-ids', locale, ids],
    queryFn: () =>
      Promise.all(ids.map((id) => queryClient.fetchQuery(dramaQueryOptions(id, locale)).catch(() => null))),
    enabled: ids.length > 0,
  });
}
