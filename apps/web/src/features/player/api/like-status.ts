import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type likeStatusResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

export interface LikeState {
  isLiked: boolean;
  likeCount: number;
}

/**
 * An episode's like status. A failed check reads as not liked with count 0 (spec section 8),
 * so the button always shows something. A guest's `isLiked` comes from the device instead.
 */
export async function getLikeStatus(episodeId: number, signal?: AbortSignal): Promise<LikeState> {
  try {
    const data = await api.get(apiPaths.likeCheck(episodeId), { schema: unchecked<typeof likeStatusResponseSchema>(), signal });
    return { isLiked: data.isLiked, likeCount: data.likeCount };
  } catch (error) {
    if (signal?.aborted) throw error;
    return { isLiked: false, likeCount: 0 };
  }
}

export function likeStatusQueryOptions(episodeId: number, viewer: number | null) {
  return queryOptions({
    queryKey: ['episodes', 'like', episodeId, viewer ?? 'guest'],
    queryFn: ({ signal }) => getLikeStatus(episodeId, signal),
  });
}

export function useLikeStatus(episodeId: number | null, viewer: number | null) {
  return useQuery({ ...likeStatusQueryOptions(episodeId ?? 0, viewer), enabled: episodeId !== null });
}
