import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, orderDetailResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { isApiError } from '../../../shared/api/api-client';
import { useLocale } from '../../../shared/i18n/i18n';
import { orderKeys } from './query-keys';

/** `POST /client/orders/{id}/cancel`: answers with the order as it now stands. */
export function cancelOrder(id: number, locale: Locale) {
  return api.post(apiPaths.cancelOrder(id), { schema: orderDetailResponseSchema, locale });
}

export function useCancelOrder() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => cancelOrder(id, locale),
    onSuccess: (order) => {
      queryClient.setQueryData(orderKeys.detail(order.id, locale), order);
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.pendings() });
    },
    // Paid or closed meanwhile: what is kept of it is out of date.
    onError: (error) => {
      if (isApiError(error) && error.code === 'ORDER_NOT_PENDING') void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    },
  });
}
