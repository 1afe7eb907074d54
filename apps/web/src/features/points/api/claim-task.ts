import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, taskClaimResponseSchema, type TaskType } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { applyAccountChange } from './account-sync';
import { pointsKeys } from './query-keys';

/** `POST /client/points/tasks/{taskType}/claim`; claiming dailyCheckIn is the check-in. */
export function claimTask(taskType: TaskType) {
  return api.post(apiPaths.taskClaim(taskType), { schema: taskClaimResponseSchema });
}

export function useClaimTask() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: claimTask,
    onSuccess: (result) => applyAccountChange(queryClient, { points: result.balance }),
    // Already received or not completed: the list on screen is stale, so fetch it again.
    onError: () => void queryClient.invalidateQueries({ queryKey: pointsKeys.tasks() }),
  });
}
