import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, redeemResponseSchema, type RedeemBody } from '@drama/contracts';
import { ME_QUERY_KEY } from '../../../shared/account/get-me';
import { api } from '../../../shared/api/api';
import { getSession, updateUserInfo } from '../../../shared/session/session-store';
import { redeemKeys } from './query-keys';

/** `POST /client/redeem`: a code, exactly as typed (codes are case-sensitive). */
export function redeemCode(body: RedeemBody) {
  return api.post(apiPaths.redeem(), { schema: redeemResponseSchema, body });
}

export function useRedeemCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redeemCode,
    onSuccess: (result) => {
      // The answer carries the account's new VIP state and balance: the profile shows them at once.
      const change = { points: result.points, vipLevel: result.vipLevel, vipExpireTime: result.vipExpireTime };
      const { user } = getSession();
      if (user) updateUserInfo({ ...user, ...change });
      queryClient.setQueryData(ME_QUERY_KEY, (profile) => (profile ? { ...profile, ...change } : profile));
      void queryClient.invalidateQueries({ queryKey: ME_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: redeemKeys.all });
      // A points code is a line in the points records too.
      void queryClient.invalidateQueries({ queryKey: ['points'] });
    },
  });
}
