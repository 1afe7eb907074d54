import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, userProfileResponseSchema, type UpdateProfileBody, type UserProfile } from '@drama/contracts';
import { keepProfile } from '../../../shared/account/get-me';
import { api } from '../../../shared/api/api';

/** `PATCH /client/user/me`: the nickname (or removing the avatar). */
export function updateProfile(body: UpdateProfileBody): Promise<UserProfile> {
  return api.patch(apiPaths.me(), { schema: userProfileResponseSchema, body });
}

/** The answer is the new profile; the profile task's progress follows the nickname and the avatar. */
export function keepChangedProfile(queryClient: ReturnType<typeof useQueryClient>, profile: UserProfile): void {
  keepProfile(queryClient, profile);
  void queryClient.invalidateQueries({ queryKey: ['points'] });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProfile, onSuccess: (profile) => keepChangedProfile(queryClient, profile) });
}
