import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type FavoriteStatus, type favoriteStatusResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { favoriteStatusQueryOptions } from './favorite-status';
import { countAfterToggle, restoreStatus, setStatusAtOnce } from './optimistic-status';

// The answer's shape beyond success is not relied upon: the status is read again afterwards.
const favoriteResultSchema = unchecked<typeof favoriteStatusResponseSchema>();

export function addFavorite(dramaId: number) {
  return api.post(apiPaths.favorite(dramaId), { schema: favoriteResultSchema });
}

export function removeFavorite(dramaId: number) {
  return api.delete(apiPaths.favorite(dramaId), { schema: favoriteResultSchema });
}

/** Adds or removes the drama from the member's list, optimistically. */
export function useToggleFavorite(dramaId: number | null, userId: number | null) {
  const queryClient = useQueryClient();
  const key = favoriteStatusQueryOptions(dramaId ?? 0, userId ?? 0).queryKey;
  return useMutation({
    mutationFn: (favorite: boolean) => {
      if (dramaId === null) throw new Error('No drama');
      return favorite ? addFavorite(dramaId) : removeFavorite(dramaId);
    },
    onMutate: (favorite: boolean) =>
      setStatusAtOnce<FavoriteStatus>(queryClient, key, (previous) => ({
        isFavorited: favorite,
        favoriteCount: countAfterToggle(previous?.favoriteCount, favorite),
      })),
    onError: (_error, _favorite, context) => restoreStatus(queryClient, key, context),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: key });
      void queryClient.invalidateQueries({ queryKey: ['user', userId, 'favorites-list'] });
    },
  });
}
