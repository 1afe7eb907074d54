import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, type likeStatusResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { setGuestLike } from '../lib/guest-likes';
import { likeStatusQueryOptions, type LikeState } from './like-status';
import { countAfterToggle, restoreStatus, setStatusAtOnce } from './optimistic-status';

// Members and guests alike get the episode's status back: the count after the change, and
// whether the like is now on.
const likeResultSchema = unchecked<typeof likeStatusResponseSchema>();

export function likeEpisode(episodeId: number, userId: number | null) {
  return api.post(apiPaths.like(episodeId), { schema: likeResultSchema, query: { userId } });
}

export function unlikeEpisode(episodeId: number, userId: number | null) {
  return api.delete(apiPaths.like(episodeId), { schema: likeResultSchema, query: { userId } });
}

/** Like or unlike, shown at once and put back if the server refuses. */
export function useToggleLike(episodeId: number | null, userId: number | null) {
  const queryClient = useQueryClient();
  const key = likeStatusQueryOptions(episodeId ?? 0, userId).queryKey;
  return useMutation({
    mutationFn: async (like: boolean) => {
      if (episodeId === null) throw new Error('No episode');
      return like ? likeEpisode(episodeId, userId) : unlikeEpisode(episodeId, userId);
    },
    onMutate: async (like: boolean) => {
      const context = await setStatusAtOnce<LikeState>(queryClient, key, (previous) => ({
        isLiked: like,
        likeCount: countAfterToggle(previous?.likeCount, like),
      }));
      if (userId === null && episodeId !== null) setGuestLike(episodeId, like);
      return context;
    },
    onError: (_error, like, context) => {
      restoreStatus(queryClient, key, context);
      if (userId === null && episodeId !== null) setGuestLike(episodeId, !like);
    },
    onSuccess: (data) => {
      queryClient.setQueryData<LikeState>(key, { isLiked: data.isLiked, likeCount: data.likeCount });
    },
  });
}
