import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, feedbackListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { feedbackKeys } from './query-keys';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

export const FEEDBACK_PAGE_SIZE = 20;

/** `GET /client/feedback`: this member's feedback, newest first. */
export function getFeedbackList(page: number, limit: number, signal?: AbortSignal) {
  return api.get(apiPaths.feedback(), { schema: feedbackListResponseSchema, query: { page, limit }, signal });
}

export function feedbackListInfiniteQueryOptions() {
  return pagedListOptions(feedbackKeys.list(), (page, signal) => getFeedbackList(page, FEEDBACK_PAGE_SIZE, signal));
}

export function useInfiniteFeedbackList() {
  return useInfiniteQuery(feedbackListInfiniteQueryOptions());
}
