import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, dramaDetailResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import type { WatchTarget } from '../../../shared/watch-target/watch-target';

/** The same key as every other screen's drama detail: coming from the player, it is cached. */
function targetDramaQueryOptions(id: number, locale: Locale) {
  return queryOptions({
    queryKey: ['dramas', 'detail', locale, id],
    queryFn: ({ signal }) => api.get(apiPaths.drama(id), { schema: dramaDetailResponseSchema, locale, signal, cache: true }),
  });
}

/**
 * The drama and episode a purchase is meant to unlock, for the pages on the way to say so. An
 * address naming an episode the drama does not have gives the drama alone.
 */
export function useTargetEpisode(target: WatchTarget | null) {
  const locale = useLocale();
  const drama = useQuery({ ...targetDramaQueryOptions(target?.dramaId ?? 0, locale), enabled: target !== null });
  const episode = drama.data?.episodes.find((item) => item.id === target?.episodeId) ?? null;
  return { drama: drama.data ?? null, episode };
}
