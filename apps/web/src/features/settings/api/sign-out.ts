import { useMutation } from '@tanstack/react-query';
import { apiPaths, doneResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unsubscribePush } from '../../../shared/push/request-push';
import { clearUserData } from '../../../shared/session/session-store';

/** `POST /client/auth/sign-out`; the token and user info go whatever the server answers. */
export async function signOut(): Promise<void> {
  // Before the sign-out call, while the token still names the member whose device this was.
  await unsubscribePush();
  try {
    await api.post(apiPaths.signOut(), { schema: doneResponseSchema });
  } catch (error) {
    console.warn('[auth] sign-out call failed; signing out locally anyway', error);
  } finally {
    clearUserData();
  }
}

export function useSignOut() {
  return useMutation({ mutationFn: signOut });
}
