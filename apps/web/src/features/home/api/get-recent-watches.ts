import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths } from '@drama/contracts';
import type { Locale, watchRecordListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';

/** As many as the guests' row shows. */
export const RECENT_WATCHES_LIMIT = 10;

export function getRecentWatches(locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.watchRecords(), {
    schema: unchecked<typeof watchRecordListResponseSchema>(),
    query: { page: 1, limit: RECENT_WATCHES_LIMIT },
    locale,
    signal,
  });
}

/**
 * Beside the history page's list and the player's resume points, under
 * `['user', id, 'watch-records']`: removing records, the sign-in merge and sign-out reach it too.
 * Not the history's own key: that one holds pages of an infinite list.
 */
export function recentWatchesQueryOptions(userId: number, locale: Locale) {
  return queryOptions({
    queryKey: ['user', userId, 'watch-records', 'recent', locale],
    queryFn: ({ signal }) => getRecentWatches(locale, signal),
    // The player moves it on every watch without telling the cache: read again whenever home opens.
    staleTime: 0,
  });
}

/** The member's latest watches, newest first; `enabled` holds the call back until the first screen is up. */
export function useRecentWatches(userId: number | null, enabled: boolean) {
  const locale = useLocale();
  return useQuery({ ...recentWatchesQueryOptions(userId ?? 0, locale), enabled: enabled && userId !== null });
}
