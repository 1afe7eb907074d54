import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, redeemRecordListResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { redeemKeys } from './query-keys';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

export const REDEEM_RECORDS_PAGE_SIZE = 20;

/** `GET /client/redeem/records`: the codes this member redeemed, newest first. */
export function getRedeemRecords(page: number, limit: number, signal?: AbortSignal) {
  return api.get(apiPaths.redeemRecords(), { schema: redeemRecordListResponseSchema, query: { page, limit }, signal });
}

export function redeemRecordsInfiniteQueryOptions() {
  return pagedListOptions(redeemKeys.records(), (page, signal) => getRedeemRecords(page, REDEEM_RECORDS_PAGE_SIZE, signal));
}

export function useInfiniteRedeemRecords() {
  return useInfiniteQuery(redeemRecordsInfiniteQueryOptions());
}
