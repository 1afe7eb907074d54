import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, orderDetailResponseSchema, type Locale } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { orderKeys } from './query-keys';

/**
 * `GET /client/orders/{id}`: the order, with its QR payment while it is still pending. Asking
 * about a pending order also makes the server ask the channel, so this is how payment is seen.
 */
export function getOrder(id: number, locale: Locale, signal?: AbortSignal) {
  return api.get(apiPaths.order(id), { schema: orderDetailResponseSchema, locale, signal });
}

export function orderQueryOptions(id: number, locale: Locale) {
  return queryOptions({
    queryKey: orderKeys.detail(id, locale),
    queryFn: ({ signal }) => getOrder(id, locale, signal),
    // An order changes on the server (paid, expired): show what is kept, but always ask again.
    staleTime: 0,
  });
}

interface UseOrderOptions {
  /** Keeps asking while the order is pending, after a delay that depends on how often it has asked. */
  pollWhilePending?: (answers: number) => number;
}

export function useOrder(id: number | null, options: UseOrderOptions = {}) {
  const locale = useLocale();
  const { pollWhilePending } = options;
  return useQuery({
    ...orderQueryOptions(id ?? 0, locale),
    enabled: id !== null,
    // A payment is made in another app; coming back to this one should show it at once.
    refetchOnWindowFocus: pollWhilePending !== undefined,
    refetchInterval: (query) =>
      pollWhilePending && query.state.data?.status === 'pending'
        ? pollWhilePending(query.state.dataUpdateCount + query.state.errorUpdateCount)
        : false,
  });
}
