import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, taskListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pointsKeys } from './query-keys';

/** `GET /client/points/tasks`: daily and newbie tasks with their state, and when the daily ones reset. */
export function getTasks(signal?: AbortSignal) {
  return api.get(apiPaths.tasks(), { schema: taskListResponseSchema, signal });
}

export function tasksQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.tasks(),
    queryFn: ({ signal }) => getTasks(signal),
    // Past midnight the daily tasks are new: look again when the page comes back to the front.
    refetchOnWindowFocus: true,
  });
}

export function useTasks() {
  return useQuery(tasksQueryOptions());
}
