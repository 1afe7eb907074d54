import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, pointsSummaryResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pointsKeys } from './query-keys';

/** `GET /client/points`: balance, today's earnings and the check-in streak. */
export function getPointsSummary(signal?: AbortSignal) {
  return api.get(apiPaths.points(), { schema: pointsSummaryResponseSchema, signal });
}

export function pointsSummaryQueryOptions() {
  return queryOptions({
    queryKey: pointsKeys.summary(),
    queryFn: ({ signal }) => getPointsSummary(signal),
  });
}

export function usePointsSummary() {
  return useQuery(pointsSummaryQueryOptions());
}
