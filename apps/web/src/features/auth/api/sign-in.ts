import { useMutation } from '@tanstack/react-query';
import { apiPaths, sessionResponseSchema, type SignInBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** `POST /client/auth/sign-in`; the client's `ip` is added by the API client (spec section 7). */
export function signIn(body: Omit<SignInBody, 'ip'>) {
  return api.post(apiPaths.signIn(), { schema: sessionResponseSchema, body, withIp: true });
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
