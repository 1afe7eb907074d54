import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, userProfileResponseSchema, type BindEmailBody, type BindPhoneBody } from '@drama/contracts';
import { keepProfile } from '../../../shared/account/get-me';
import { api } from '../../../shared/api/api';

/** `POST /client/user/bind-phone`: the phone proven by the code sent to it. */
export function bindPhone(body: BindPhoneBody) {
  return api.post(apiPaths.bindPhone(), { schema: userProfileResponseSchema, body });
}

/** `POST /client/user/bind-email`: the email proven by the code sent to it. */
export function bindEmail(body: BindEmailBody) {
  return api.post(apiPaths.bindEmail(), { schema: userProfileResponseSchema, body });
}

/** Both answer with the updated profile: it becomes the cached `me` and the kept user info. */
function useBind<B>(call: (body: B) => ReturnType<typeof bindPhone>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (profile) => keepProfile(queryClient, profile),
  });
}

export function useBindPhone() {
  return useBind(bindPhone);
}

export function useBindEmail() {
  return useBind(bindEmail);
}
