import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, redeemRecordListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { redeemKeys } from './query-keys';
import { nextPageOf } from '../../../shared/ui/infinite-list/next-page';

export const REDEEM_RECORDS_PAGE_SIZE = 20;

/** `GET /client/redeem/records`: the codes this member redeemed, newest first. */
export function getRedeemRecords(page: number, limit: number, signal?: AbortSignal) {
  return api.get(apiPaths.redeemRecords(), { schema: redeemRecordListResponseSchema, query: { page, limit }, signal });
}

export function redeemRecordsInfiniteQueryOptions() {
  return infiniteQueryOptions({
    queryKey: redeemKeys.records(),
    queryFn: ({ pageParam, signal }) => getRedeemRecords(pageParam, REDEEM_RECORDS_PAGE_SIZE, signal),
    initialPageParam: 1,
    getNextPageParam: nextPageOf,
  });
}

export function useInfiniteRedeemRecords() {
  return useInfiniteQuery(redeemRecordsInfiniteQueryOptions());
}
