import { useMutation } from '@tanstack/react-query';
import { apiPaths, sessionResponseSchema, type SignUpBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { withChallenge } from '../../../shared/challenge/with-challenge';

/** `POST /client/auth/sign-up`: creates the account and signs it in (after the quick check, when asked). */
export function signUp(body: Omit<SignUpBody, 'challenge'>) {
  return withChallenge((challenge) => api.post(apiPaths.signUp(), { schema: sessionResponseSchema, body: { ...body, challenge } }));
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
