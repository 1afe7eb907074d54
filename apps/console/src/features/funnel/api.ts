import { analyticsPaths, type DramaAnalyticsQuery, dramaAnalyticsListResponseSchema, funnelResponseSchema } from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export function dramaAnalyticsQueryOptions(query: DramaAnalyticsQuery) {
  return queryOptions({
    queryKey: ['console', 'analytics', 'dramas', query],
    queryFn: ({ signal }) => api(analyticsPaths.dramas(), { schema: dramaAnalyticsListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function funnelQueryOptions(dramaId: number, days: number) {
  return queryOptions({
    queryKey: ['console', 'analytics', 'funnel', dramaId, days],
    queryFn: ({ signal }) => api(analyticsPaths.funnel(dramaId), { schema: funnelResponseSchema, query: { days }, signal }),
    placeholderData: keepPreviousData,
  });
}
