import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, taskProgressResponseSchema, type TaskList, type TaskType } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pointsKeys } from './query-keys';

/** `POST /client/points/tasks/{taskType}/progress`: progress only the client sees (a share, a follow). */
export function reportTaskProgress(taskType: TaskType) {
  return api.post(apiPaths.taskProgress(taskType), { schema: taskProgressResponseSchema, body: {} });
}

export function useReportTaskProgress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportTaskProgress,
    onSuccess: (task) => {
      queryClient.setQueryData<TaskList>(pointsKeys.tasks(), (list) =>
        list ? { ...list, items: list.items.map((item) => (item.type === task.type ? task : item)) } : list,
      );
    },
  });
}
