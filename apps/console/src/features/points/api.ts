import {
  consoleMallItemListResponseSchema,
  consoleMallItemResponseSchema,
  consolePointsPaths,
  consoleTaskRewardListResponseSchema,
  type ConsoleCheckInRewardsUpdate,
  type ConsoleMallItemCreate,
  type ConsoleMallItemListQuery,
  type ConsoleMallItemUpdate,
  type FixedRewardTaskType,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const pointsKeys = {
  mall: ['console', 'points', 'mall'] as const,
  tasks: ['console', 'points', 'tasks'] as const,
};

export function mallItemsQueryOptions(query: ConsoleMallItemListQuery) {
  return queryOptions({
    queryKey: [...pointsKeys.mall, query],
    queryFn: ({ signal }) => api(consolePointsPaths.mallItems(), { schema: consoleMallItemListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function createMallItem(body: ConsoleMallItemCreate) {
  return api(consolePointsPaths.mallItems(), { method: 'POST', body, schema: consoleMallItemResponseSchema });
}

export function updateMallItem(id: number, body: ConsoleMallItemUpdate) {
  return api(consolePointsPaths.mallItem(id), { method: 'PATCH', body, schema: consoleMallItemResponseSchema });
}

export function taskRewardsQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.tasks,
    queryFn: ({ signal }) => api(consolePointsPaths.taskRewards(), { schema: consoleTaskRewardListResponseSchema, signal }),
  });
}

export function updateTaskReward(type: FixedRewardTaskType, reward: number) {
  return api(consolePointsPaths.taskReward(type), { method: 'PUT', body: { reward }, schema: consoleTaskRewardListResponseSchema });
}

export function updateCheckInRewards(body: ConsoleCheckInRewardsUpdate) {
  return api(consolePointsPaths.checkInRewards(), { method: 'PUT', body, schema: consoleTaskRewardListResponseSchema });
}
