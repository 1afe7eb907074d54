import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, mallExchangeResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { applyAccountChange } from './account-sync';
import { pointsKeys } from './query-keys';

/** `POST /client/points/mall/{itemId}/exchange`: spends points on an item (VIP days). */
export function exchangeMallItem(itemId: number) {
  return api.post(apiPaths.mallExchange(itemId), { schema: mallExchangeResponseSchema });
}

export function useExchangeMallItem() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: exchangeMallItem,
    onSuccess: (result) =>
      applyAccountChange(queryClient, {
        points: result.balance,
        vipLevel: result.vipLevel,
        vipExpireTime: result.vipExpireTime,
      }),
    // Sold out or a balance that moved elsewhere: what is on screen is stale.
    onError: () => void queryClient.invalidateQueries({ queryKey: pointsKeys.all }),
  });
}
