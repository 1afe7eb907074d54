import { useMutation } from '@tanstack/react-query';
import { apiPaths, sessionResponseSchema, type ChangePasswordBody } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/**
 * `POST /client/user/password`. Every older token stops working; the answer carries a fresh
 * one for this device.
 */
export function changePassword(body: ChangePasswordBody) {
  return api.post(apiPaths.changePassword(), { schema: sessionResponseSchema, body });
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
