import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiPaths, userInfoSchema, userProfileResponseSchema, type UserProfile } from '@drama/contracts';
import { api } from '../api/api';
import { getSession, updateUserInfo, useSession } from '../session/session-store';

/**
 * The signed-in member's profile. Every answer also refreshes the user info kept in the
 * session (spec section 3), unless the session changed while the call was out.
 */
export async function getMe(signal?: AbortSignal): Promise<UserProfile> {
  const token = getSession().token;
  const profile = await api.get(apiPaths.me(), { schema: userProfileResponseSchema, signal });
  if (token && getSession().token === token) keepUserInfo(profile);
  return profile;
}

/** The profile's user info, and its nickname, become the kept copy (what shows offline). */
function keepUserInfo(profile: UserProfile): void {
  updateUserInfo({ ...userInfoSchema.parse(profile), nickname: profile.nickname });
}

/** An answer that is the member's new profile becomes the cached `me` and the kept user info at once. */
export function keepProfile(queryClient: QueryClient, profile: UserProfile): void {
  queryClient.setQueryData(ME_QUERY_KEY, profile);
  keepUserInfo(profile);
}

export const ME_QUERY_KEY = ['user', 'me'] as const;

export function meQueryOptions() {
  return queryOptions({
    queryKey: ME_QUERY_KEY,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 30_000,
  });
}

/** Only asks while a token is held: after sign-out nothing refetches with no one signed in. */
export function useMe() {
  const { token } = useSession();
  return useQuery({ ...meQueryOptions(), enabled: Boolean(token) });
}
