import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, feedbackResponseSchema, type CreateFeedbackBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { feedbackKeys } from './query-keys';

/** `POST /client/feedback`. */
export function createFeedback(body: CreateFeedbackBody) {
  return api.post(apiPaths.feedback(), { schema: feedbackResponseSchema, body });
}

export function useCreateFeedback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createFeedback,
    onSuccess: (item) => {
      queryClient.setQueryData(feedbackKeys.detail(item.id), item);
      void queryClient.invalidateQueries({ queryKey: feedbackKeys.list() });
    },
  });
}
