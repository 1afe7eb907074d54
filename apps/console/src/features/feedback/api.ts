import {
  consoleFeedbackListResponseSchema,
  consoleFeedbackPaths,
  consoleFeedbackResponseSchema,
  feedbackAssigneeListResponseSchema,
  feedbackCountResponseSchema,
  type ConsoleFeedbackListQuery,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

/** Every feedback query starts with this, so one change refreshes the list, the item and the badge. */
export const FEEDBACK_KEY = ['console', 'feedback'] as const;

export function feedbackListQueryOptions(query: ConsoleFeedbackListQuery) {
  return queryOptions({
    queryKey: [...FEEDBACK_KEY, 'list', query],
    queryFn: ({ signal }) => api(consoleFeedbackPaths.list(), { schema: consoleFeedbackListResponseSchema, query: { ...query }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function feedbackItemQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...FEEDBACK_KEY, 'item', id],
    queryFn: ({ signal }) => api(consoleFeedbackPaths.item(id), { schema: consoleFeedbackResponseSchema, signal }),
  });
}

/** The menu badge's number; kept fresh while the console is open. */
export const feedbackCountQueryOptions = queryOptions({
  queryKey: [...FEEDBACK_KEY, 'count'],
  queryFn: ({ signal }) => api(consoleFeedbackPaths.count(), { schema: feedbackCountResponseSchema, signal }),
  refetchInterval: 60_000,
  staleTime: 30_000,
});

export const feedbackAssigneesQueryOptions = queryOptions({
  queryKey: [...FEEDBACK_KEY, 'assignees'],
  queryFn: ({ signal }) => api(consoleFeedbackPaths.assignees(), { schema: feedbackAssigneeListResponseSchema, signal }),
  staleTime: 5 * 60_000,
});

export function replyToFeedback(id: number, content: string) {
  return api(consoleFeedbackPaths.reply(id), { method: 'POST', body: { content }, schema: consoleFeedbackResponseSchema });
}

export function closeFeedback(id: number) {
  return api(consoleFeedbackPaths.close(id), { method: 'POST', schema: consoleFeedbackResponseSchema });
}

export function reopenFeedback(id: number) {
  return api(consoleFeedbackPaths.reopen(id), { method: 'POST', schema: consoleFeedbackResponseSchema });
}

export function assignFeedback(id: number, operatorId: number | null) {
  return api(consoleFeedbackPaths.assignee(id), { method: 'PUT', body: { operatorId }, schema: consoleFeedbackResponseSchema });
}
