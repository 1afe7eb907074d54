import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, followTargetResponseSchema, type TaskList } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pointsKeys } from './query-keys';

/** `POST /client/points/follow/opened`: the member opened the official account; "Done" counts from now on. */
export function reportFollowOpened() {
  return api.post(apiPaths.followOpened(), { schema: followTargetResponseSchema, body: {} });
}

export function useFollowOpened() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportFollowOpened,
    onSuccess: (follow) => {
      queryClient.setQueryData<TaskList>(pointsKeys.tasks(), (list) => (list ? { ...list, follow } : list));
    },
  });
}
