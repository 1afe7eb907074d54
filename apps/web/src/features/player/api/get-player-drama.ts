import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type Locale, type dramaDetailResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

export function getPlayerDrama(id: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.drama(id), { schema: unchecked<typeof dramaDetailResponseSchema>(), locale, signal, cache: true });
}

/** The same key as every other screen's drama detail, so the player starts from their cache. */
export function playerDramaQueryOptions(id: number, locale: Locale) {
  return queryOptions({
    queryKey: ['dramas', 'detail', locale, id],
    queryFn: ({ signal }) => getPlayerDrama(id, locale, signal),
  });
}

export function usePlayerDrama(id: number | null) {
  const locale = useLocale();
  return useQuery({ ...playerDramaQueryOptions(id ?? 0, locale), enabled: id !== null });
}
