import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, feedbackResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { feedbackKeys } from './query-keys';

/** `GET /client/feedback/{id}`: one item with its screenshots and the replies thread. */
export function getFeedback(id: number, signal?: AbortSignal) {
  return api.get(apiPaths.feedbackItem(id), { schema: feedbackResponseSchema, signal });
}

export function feedbackQueryOptions(id: number) {
  return queryOptions({
    queryKey: feedbackKeys.detail(id),
    queryFn: ({ signal }) => getFeedback(id, signal),
    enabled: Number.isInteger(id) && id > 0,
  });
}

export function useFeedback(id: number) {
  return useQuery(feedbackQueryOptions(id));
}
