import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, createOrderResponseSchema, type CreateOrderBody, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { orderKeys } from './query-keys';

/** `POST /client/orders`: never retried, since a retry after a lost answer could make two orders. */
export function createOrder(body: CreateOrderBody, locale: Locale) {
  return api.post(apiPaths.orders(), { schema: createOrderResponseSchema, body, locale });
}

export function useCreateOrder() {
  const locale = useLocale();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOrderBody) => createOrder(body, locale),
    onSuccess: ({ order, payment }) => {
      // The payment page opens on this order at once, without asking again (a QR code's payment;
      // one opened on the phone leaves for the channel's page).
      if (payment.qrContent !== null) {
        queryClient.setQueryData(orderKeys.detail(order.id, locale), { ...order, payment: { qrContent: payment.qrContent, expiresAt: payment.expiresAt } });
      }
      void queryClient.invalidateQueries({ queryKey: orderKeys.lists() });
      void queryClient.invalidateQueries({ queryKey: orderKeys.pendings() });
    },
  });
}
