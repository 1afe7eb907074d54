import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type favoriteStatusResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

export function getFavoriteStatus(dramaId: number, signal?: AbortSignal) {
  return api.get(apiPaths.favoriteCheck(dramaId), { schema: unchecked<typeof favoriteStatusResponseSchema>(), signal });
}

/** Members only; kept under `user` so that signing out drops it. */
export function favoriteStatusQueryOptions(dramaId: number, userId: number) {
  return queryOptions({
    queryKey: ['user', userId, 'favorites', dramaId],
    queryFn: ({ signal }) => getFavoriteStatus(dramaId, signal),
  });
}

export function useFavoriteStatus(dramaId: number | null, userId: number | null) {
  return useQuery({
    ...favoriteStatusQueryOptions(dramaId ?? 0, userId ?? 0),
    enabled: dramaId !== null && userId !== null,
  });
}
