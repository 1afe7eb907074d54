import {
  API_BASE,
  consoleOrderDetailResponseSchema,
  consoleOrderListResponseSchema,
  consoleOrderReviewResponseSchema,
  consoleRefundResponseSchema,
  orderChannelQueryResponseSchema,
  type ConsoleOrderListQuery,
  type ConsoleOrderReviewQuery,
  type ConsoleRefundCreate,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const orderKeys = {
  all: ['console', 'orders'] as const,
  list: ['console', 'orders', 'list'] as const,
  review: ['console', 'orders', 'review'] as const,
  order: (id: number) => ['console', 'orders', id] as const,
};

export function orderListQueryOptions(query: ConsoleOrderListQuery) {
  return queryOptions({
    queryKey: [...orderKeys.list, query],
    queryFn: ({ signal }) => api('/orders', { schema: consoleOrderListResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function orderReviewQueryOptions(query: ConsoleOrderReviewQuery) {
  return queryOptions({
    queryKey: [...orderKeys.review, query],
    queryFn: ({ signal }) => api('/orders/review', { schema: consoleOrderReviewResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function orderQueryOptions(id: number) {
  return queryOptions({
    queryKey: orderKeys.order(id),
    queryFn: ({ signal }) => api(`/orders/${id}`, { schema: consoleOrderDetailResponseSchema, signal }),
  });
}

export function askChannel(id: number) {
  return api(`/orders/${id}/query`, { method: 'POST', body: {}, schema: orderChannelQueryResponseSchema });
}

export function refundOrder(id: number, body: ConsoleRefundCreate) {
  return api(`/orders/${id}/refunds`, { method: 'POST', body, schema: consoleRefundResponseSchema });
}

/** The export's address: a plain GET the session cookie authenticates, downloaded by the browser. */
export function exportUrl(filters: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value !== undefined && value !== '') params.set(key, String(value));
  return `${API_BASE}/console/orders/export.csv?${params.toString()}`;
}

/** A refund number made when the refund dialog opens: a retry or a double click is the same refund. */
export function newRefundNo(): string {
  return `RF${crypto.randomUUID().replace(/-/g, '').slice(0, 30).toUpperCase()}`;
}

export function yuan(fen: number): string {
  return (fen / 100).toFixed(2);
}

/** The VIP days a refund would remove (the server's rule, shown before confirming). */
export function vipDaysRefunded(days: number, amountFen: number, refundedFen: number): number {
  if (refundedFen >= amountFen) return days;
  return Math.floor((days * refundedFen) / amountFen);
}
