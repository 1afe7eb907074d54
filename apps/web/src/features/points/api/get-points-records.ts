import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, pointsRecordListResponseSchema, type PointsRecordType } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pointsKeys } from './query-keys';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

export const RECORDS_PAGE_SIZE = 20;

interface RecordListParams {
  page: number;
  limit: number;
  type: PointsRecordType | null;
}

/** `GET /client/points/records`: the ledger, newest first, optionally of one type. */
export function getPointsRecords({ page, limit, type }: RecordListParams, signal?: AbortSignal) {
  return api.get(apiPaths.pointsRecords(), {
    schema: pointsRecordListResponseSchema,
    query: { page, limit, type: type ?? undefined },
    signal,
  });
}

export function pointsRecordsInfiniteQueryOptions(type: PointsRecordType | null, limit = RECORDS_PAGE_SIZE) {
  return pagedListOptions(pointsKeys.records(type, limit), (page, signal) => getPointsRecords({ page, limit, type }, signal));
}

export function useInfinitePointsRecords(type: PointsRecordType | null, limit = RECORDS_PAGE_SIZE) {
  return useInfiniteQuery(pointsRecordsInfiniteQueryOptions(type, limit));
}
