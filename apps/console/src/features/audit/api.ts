import { auditListResponseSchema, type AuditQuery } from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export function auditQueryOptions(query: AuditQuery) {
  return queryOptions({
    queryKey: ['console', 'audit', query],
    queryFn: ({ signal }) => api('/audit', { schema: auditListResponseSchema, query, signal }),
    // The page being left stays shown, dimmed, until the next one arrives.
    placeholderData: keepPreviousData,
  });
}
