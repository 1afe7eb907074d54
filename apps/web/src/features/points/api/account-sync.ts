import type { QueryClient } from '@tanstack/react-query';
import type { UserInfo } from '@drama/contracts';
import { ME_QUERY_KEY } from '../../../shared/account/get-me';
import { getSession, updateUserInfo } from '../../../shared/session/session-store';
import { pointsKeys } from './query-keys';

type AccountChange = Partial<Pick<UserInfo, 'points' | 'vipLevel' | 'vipExpireTime'>>;

/**
 * After points or VIP change, the kept user info and every points screen show the new figures
 * at once; the profile is then fetched again so that the kept copy matches the server.
 */
export function applyAccountChange(queryClient: QueryClient, change: AccountChange): void {
  const { user } = getSession();
  if (user) updateUserInfo({ ...user, ...change });
  queryClient.setQueryData(ME_QUERY_KEY, (profile) => (profile ? { ...profile, ...change } : profile));
  void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: pointsKeys.all });
}
