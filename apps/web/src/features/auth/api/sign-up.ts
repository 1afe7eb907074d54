import { useMutation } from '@tanstack/react-query';
import { apiPaths, sessionResponseSchema, type SignUpBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** `POST /client/auth/sign-up`: creates the account and signs it in. */
export function signUp(body: SignUpBody) {
  return api.post(apiPaths.signUp(), { schema: sessionResponseSchema, body });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
