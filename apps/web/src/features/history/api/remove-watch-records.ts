import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiPaths, watchRecordRemovedResponseSchema, type Paged, type WatchRecordItem } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { clearLocalWatchHistory, forgetLocalWatches } from '../../../shared/watch-history/local-watch-history';
import { getWatchHistory, watchHistoryKey } from './get-watch-history';

/** `DELETE /client/watch-records/{dramaId}`: idempotent, so a retry is harmless. */
export function removeWatchRecord(dramaId: number) {
  return api.delete(apiPaths.watchRecord(dramaId), { schema: watchRecordRemovedResponseSchema });
}

/** Removes every one; fails if any failed, after the others were tried. */
export async function removeWatchRecords(dramaIds: readonly number[]): Promise<void> {
  const results = await Promise.allSettled(dramaIds.map((id) => removeWatchRecord(id)));
  // What this device remembers of them goes too, or "continue watching" would bring them back.
  forgetLocalWatches(dramaIds.filter((_, index) => results[index]?.status === 'fulfilled'));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

const CLEAR_PAGE_SIZE = 100;

/** Every record, not only the pages on screen: collects all ids first, then removes them. */
export async function clearWatchHistory(locale: Parameters<typeof getWatchHistory>[2]): Promise<void> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const list = await getWatchHistory(page, CLEAR_PAGE_SIZE, locale);
    ids.push(...list.items.map((item) => item.dramaId));
    if (list.items.length === 0 || page * list.limit >= list.total) break;
  }
  await removeWatchRecords([...new Set(ids)]);
  clearLocalWatchHistory();
}

type HistoryPages = InfiniteData<Paged<WatchRecordItem>>;

function without(data: HistoryPages | undefined, ids: ReadonlySet<number> | 'all'): HistoryPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = ids === 'all' ? [] : page.items.filter((item) => !ids.has(item.dramaId));
      return { ...page, items, total: ids === 'all' ? 0 : Math.max(0, page.total - (page.items.length - items.length)) };
    }),
  };
}

/**
 * Removes records from the screen at once and puts them back if the server refused; the list
 * is read again either way. `'all'` clears the whole history.
 */
export function useRemoveWatchRecords(userId: number) {
  const queryClient = useQueryClient();
  const locale = useLocale();
  const key = watchHistoryKey(userId);
  return useMutation({
    mutationFn: (target: readonly number[] | 'all') =>
      target === 'all' ? clearWatchHistory(locale) : removeWatchRecords(target),
    onMutate: async (target) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<HistoryPages>({ queryKey: key });
      const ids = target === 'all' ? 'all' : new Set(target);
      queryClient.setQueriesData<HistoryPages>({ queryKey: key }, (data) => without(data, ids));
      return { previous };
    },
    onError: (_error, _target, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: () => {
      // The list and the player's resume points alike.
      void queryClient.invalidateQueries({ queryKey: ['user', userId, 'watch-records'] });
    },
  });
}
