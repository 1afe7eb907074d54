import { useMutation } from '@tanstack/react-query';
import { apiPaths, doneResponseSchema, type ResetPasswordBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { withChallenge } from '../../../shared/challenge/with-challenge';

/** `POST /client/auth/reset-password`: a new password with an emailed code; old sessions end. */
export function resetPassword(body: Omit<ResetPasswordBody, 'challenge'>) {
  return withChallenge((challenge) =>
    api.post(apiPaths.resetPassword(), { schema: doneResponseSchema, body: { ...body, challenge } }),
  );
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
