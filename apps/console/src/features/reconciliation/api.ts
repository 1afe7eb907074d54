import {
  type ReconciliationListQuery,
  reconciliationDayResponseSchema,
  reconciliationListResponseSchema,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const reconciliationKeys = {
  all: ['console', 'reconciliation'] as const,
  list: ['console', 'reconciliation', 'list'] as const,
  day: (day: string) => ['console', 'reconciliation', day] as const,
};

export function reconciliationListQueryOptions(query: ReconciliationListQuery) {
  return queryOptions({
    queryKey: [...reconciliationKeys.list, query],
    queryFn: ({ signal }) => api('/reconciliation', { schema: reconciliationListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function reconciliationDayQueryOptions(day: string) {
  return queryOptions({
    queryKey: reconciliationKeys.day(day),
    queryFn: ({ signal }) => api(`/reconciliation/${day}`, { schema: reconciliationDayResponseSchema, signal }),
    retry: false,
  });
}

export function runReconciliation(day: string) {
  return api(`/reconciliation/${day}/run`, { method: 'POST', schema: reconciliationDayResponseSchema });
}

/** Fen as yuan with two decimals. */
export function yuan(fen: number): string {
  const sign = fen < 0 ? '-' : '';
  const abs = Math.abs(fen);
  return `${sign}¥${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
