import { useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { apiPaths, favoriteStatusResponseSchema, type FavoriteItem, type Paged } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { favoritesKey } from './get-favorites';

export function removeFavorite(dramaId: number) {
  return api.delete(apiPaths.favorite(dramaId), { schema: favoriteStatusResponseSchema });
}

/** Removes every one; fails if any failed, after the others were tried. */
export async function removeFavorites(dramaIds: readonly number[]): Promise<void> {
  const results = await Promise.allSettled(dramaIds.map((id) => removeFavorite(id)));
  const failed = results.find((result) => result.status === 'rejected');
  if (failed) throw failed.reason;
}

type FavoritePages = InfiniteData<Paged<FavoriteItem>>;

function without(data: FavoritePages | undefined, ids: ReadonlySet<number>): FavoritePages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => {
      const items = page.items.filter((item) => !ids.has(item.drama.id));
      return { ...page, items, total: Math.max(0, page.total - (page.items.length - items.length)) };
    }),
  };
}

/**
 * Takes dramas off the member's list at once on screen; puts them back if the server refused,
 * then reads the list again either way so it matches the server.
 */
export function useRemoveFavorites(userId: number) {
  const queryClient = useQueryClient();
  const key = favoritesKey(userId);
  return useMutation({
    mutationFn: removeFavorites,
    onMutate: async (dramaIds: readonly number[]) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueriesData<FavoritePages>({ queryKey: key });
      const ids = new Set(dramaIds);
      queryClient.setQueriesData<FavoritePages>({ queryKey: key }, (data) => without(data, ids));
      return { previous };
    },
    onError: (_error, _ids, context) => {
      for (const [queryKey, data] of context?.previous ?? []) queryClient.setQueryData(queryKey, data);
    },
    onSettled: (_data, _error, dramaIds) => {
      void queryClient.invalidateQueries({ queryKey: key });
      // The player's saved mark for each of them.
      for (const id of dramaIds) void queryClient.invalidateQueries({ queryKey: ['user', userId, 'favorites', id] });
    },
  });
}
