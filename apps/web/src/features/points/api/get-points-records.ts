import { useInfiniteQuery } from '@tanstack/react-query';
import { apiPaths, type Locale, pointsRecordListResponseSchema, type PointsRecordType } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useLocale } from '../../../shared/i18n/i18n';
import { pointsKeys } from './query-keys';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

export const RECORDS_PAGE_SIZE = 20;

interface RecordListParams {
  page: number;
  limit: number;
  type: PointsRecordType | null;
  locale: Locale;
}

/** `GET /client/points/records`: the ledger, newest first, optionally of one type (item names in `locale`). */
export function getPointsRecords({ page, limit, type, locale }: RecordListParams, signal?: AbortSignal) {
  return api.get(apiPaths.pointsRecords(), {
    schema: pointsRecordListResponseSchema,
    query: { page, limit, type: type ?? undefined },
    locale,
    signal,
  });
}

export function pointsRecordsInfiniteQueryOptions(type: PointsRecordType | null, limit: number, locale: Locale) {
  return pagedListOptions(pointsKeys.records(type, limit, locale), (page, signal) =>
    getPointsRecords({ page, limit, type, locale }, signal),
  );
}

export function useInfinitePointsRecords(type: PointsRecordType | null, limit = RECORDS_PAGE_SIZE) {
  const locale = useLocale();
  return useInfiniteQuery(pointsRecordsInfiniteQueryOptions(type, limit, locale));
}
