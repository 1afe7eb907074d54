import { useMutation } from '@tanstack/react-query';
import { apiPaths, doneResponseSchema, type ResetPasswordBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** `POST /client/auth/reset-password`: a new password with an emailed code; old sessions end. */
export function resetPassword(body: ResetPasswordBody) {
  return api.post(apiPaths.resetPassword(), { schema: doneResponseSchema, body });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
