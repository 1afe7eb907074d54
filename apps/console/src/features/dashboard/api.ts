import { analyticsPaths, type AnalyticsPeriod, dashboardResponseSchema, recomputeResponseSchema } from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export function dashboardQueryOptions(period: AnalyticsPeriod) {
  return queryOptions({
    queryKey: ['console', 'analytics', 'dashboard', period],
    queryFn: ({ signal }) => api(analyticsPaths.dashboard(), { schema: dashboardResponseSchema, query: { period }, signal }),
    placeholderData: keepPreviousData,
  });
}

/** The owner's "recompute now": the last three days, at once. */
export function recompute() {
  return api(analyticsPaths.recompute(), { method: 'POST', body: {}, schema: recomputeResponseSchema });
}
