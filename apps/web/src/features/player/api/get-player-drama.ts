import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, dramaDetailResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';

export function getPlayerDrama(id: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.drama(id), { schema: dramaDetailResponseSchema, locale, signal, cache: true });
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
