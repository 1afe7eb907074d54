import { useMutation } from '@tanstack/react-query';
import { apiPaths, sessionResponseSchema, type SignInBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { withChallenge } from '../../../shared/challenge/with-challenge';

/**
 * `POST /client/auth/sign-in`; the client's `ip` is added by the API client (spec section 7).
 * Near a limit the server asks for the quick check first (withChallenge).
 */
export function signIn(body: Omit<SignInBody, 'ip' | 'challenge'>) {
  return withChallenge((challenge) =>
    api.post(apiPaths.signIn(), { schema: sessionResponseSchema, body: { ...body, challenge }, withIp: true }),
  );
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn });
}
