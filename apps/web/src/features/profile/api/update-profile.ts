import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, userInfoSchema, userProfileResponseSchema, type UpdateProfileBody, type UserProfile } from '@drama/contracts';
import { ME_QUERY_KEY } from '../../../shared/account/get-me';
import { api } from '../../../shared/api/api';
import { updateUserInfo } from '../../../shared/session/session-store';

/** `PATCH /client/user/me`: the nickname (or removing the avatar). */
export function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return api.patch(apiPaths.me(), { schema: userProfileResponseSchema, body });
}

/** The answer is the new profile: it becomes the cached `me` and the kept user info at once. */
export function keepProfile(queryClient: ReturnType<typeof useQueryClient>, profile: UserProfile): void {
  queryClient.setQueryData(ME_QUERY_KEY, profile);
  updateUserInfo(userInfoSchema.parse(profile));
  // The profile task's progress follows the nickname and the avatar.
  void queryClient.invalidateQueries({ queryKey: ['points'] });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => keepProfile(queryClient, profile) });
}
