import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { apiPaths, orderListResponseSchema, type Locale, type OrderStatus } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { useSession } from '../../../shared/session/session-store';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';
import { orderKeys } from './query-keys';

export const ORDERS_PAGE_SIZE = 20;

interface OrderListParams {
  page: number;
  limit: number;
  status?: OrderStatus;
}

/** `GET /client/orders`: the member's orders, newest first. */
export function getOrders(params: OrderListParams, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.orders(), { schema: orderListResponseSchema, query: { ...params }, locale, signal });
}

export function ordersInfiniteQueryOptions(locale: Locale) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(locale),
    queryFn: ({ pageParam, signal }) => getOrders({ page: pageParam, limit: ORDERS_PAGE_SIZE }, locale, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useInfiniteOrders() {
  const locale = useLocale();
  return useInfiniteQuery(ordersInfiniteQueryOptions(locale));
}

/** The newest order still awaiting payment, if any: leaving the payment page must not lose it. */
export function pendingOrderQueryOptions(locale: Locale) {
  return queryOptions({
    queryKey: orderKeys.pending(locale),
    queryFn: ({ signal }) => getOrders({ page: 1, limit: 1, status: 'pending' }, locale, signal),
    select: (data) => {
      const order = data.items[0];
      // An order past its expiry is only waiting for the server to close it: not worth resuming.
      return order && new Date(order.expiresAt).getTime() > Date.now() ? order : null;
    },
    staleTime: 0,
  });
}

export function usePendingOrder() {
  const locale = useLocale();
  const { token } = useSession();
  return useQuery({ ...pendingOrderQueryOptions(locale), enabled: Boolean(token) });
}
