import { queryOptions, useQueries } from '@tanstack/react-query';
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

/** Several dramas at once (continue watching), each cached on its own. */
export function useDramasById(ids: readonly number[]) {
  const locale = useLocale();
  return useQueries({ queries: ids.map((id) => dramaQueryOptions(id, locale)) });
}
