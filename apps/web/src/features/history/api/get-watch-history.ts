import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, watchRecordListResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

const PAGE_SIZE = 20;

export function getWatchHistory(page: number, limit: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.watchRecords(), {
    schema: watchRecordListResponseSchema,
    query: { page, limit },
    locale,
    signal,
  });
}

/**
 * Under the player's resume points (`['user', id, 'watch-records', dramaId]`), so that one
 * invalidation of `['user', id, 'watch-records']` refreshes both.
 */
export function watchHistoryKey(userId: number) {
  return ['user', userId, 'watch-records', 'list'] as const;
}

export function watchHistoryQueryOptions(userId: number, locale: Locale) {
  // The player moves it on every watch: always checked again on opening.
  return pagedListOptions(
    [...watchHistoryKey(userId), locale],
    (page, signal) => getWatchHistory(page, PAGE_SIZE, locale, signal),
    { staleTime: 0 },
  );
}

export function useWatchHistory(userId: number) {
  const locale = useLocale();
  return useInfiniteQuery(watchHistoryQueryOptions(userId, locale));
}
