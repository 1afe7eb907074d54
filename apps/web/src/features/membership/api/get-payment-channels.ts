import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, paymentChannelListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';

/** `GET /client/payments/channels`: the channels this server takes, each live or sandbox. */
export function getPaymentChannels(signal?: AbortSignal) {
  return api.get(apiPaths.paymentChannels(), { schema: paymentChannelListResponseSchema, signal });
}

export function paymentChannelsQueryOptions() {
  return queryOptions({
    queryKey: ['payments', 'channels'],
    queryFn: ({ signal }) => getPaymentChannels(signal),
    select: (data) => data.items,
    staleTime: 5 * 60_000,
  });
}

export function usePaymentChannels() {
  return useQuery(paymentChannelsQueryOptions());
}
