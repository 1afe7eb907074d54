import {
  memberAdjustmentListResponseSchema,
  memberAdjustmentResultResponseSchema,
  memberDetailResponseSchema,
  memberFeedbackListResponseSchema,
  memberHistoryListResponseSchema,
  memberOrderListResponseSchema,
  memberPointsListResponseSchema,
  memberSearchResponseSchema,
  type MemberAction,
  type MemberPointsChange,
  type MemberSearchQuery,
  type MemberVipChange,
} from '@drama/contracts';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const memberKeys = {
  all: ['console', 'members'] as const,
  search: ['console', 'members', 'search'] as const,
  member: (id: number) => ['console', 'members', id] as const,
};

export function memberSearchQueryOptions(query: MemberSearchQuery) {
  return queryOptions({
    queryKey: [...memberKeys.search, query],
    queryFn: ({ signal }) => api('/members', { schema: memberSearchResponseSchema, query, signal }),
    placeholderData: keepPreviousData,
  });
}

export function memberQueryOptions(id: number) {
  return queryOptions({
    queryKey: memberKeys.member(id),
    queryFn: ({ signal }) => api(`/members/${id}`, { schema: memberDetailResponseSchema, signal }),
  });
}

const LISTS = {
  orders: memberOrderListResponseSchema,
  points: memberPointsListResponseSchema,
  history: memberHistoryListResponseSchema,
  feedback: memberFeedbackListResponseSchema,
  adjustments: memberAdjustmentListResponseSchema,
} as const;

export type MemberList = keyof typeof LISTS;

/** One page of a member's tab: orders, points ledger, history, feedback or operators' changes. */
export function memberListQueryOptions<L extends MemberList>(id: number, list: L, page: { page: number; limit: number }, extra: Record<string, string> = {}) {
  return queryOptions({
    queryKey: [...memberKeys.member(id), list, page, extra],
    queryFn: ({ signal }) => api(`/members/${id}/${list}`, { schema: LISTS[list] as (typeof LISTS)[L], query: { ...page, ...extra }, signal }),
    placeholderData: keepPreviousData,
  });
}

export function changeVip(id: number, body: MemberVipChange) {
  return api(`/members/${id}/vip`, { method: 'POST', body, schema: memberAdjustmentResultResponseSchema });
}

export function changePoints(id: number, body: MemberPointsChange) {
  return api(`/members/${id}/points`, { method: 'POST', body, schema: memberAdjustmentResultResponseSchema });
}

export type MemberActionName = 'disable' | 'enable' | 'sign-out';

export function memberAction(id: number, action: MemberActionName, body: MemberAction) {
  return api(`/members/${id}/${action}`, { method: 'POST', body, schema: memberDetailResponseSchema });
}

/** A new idempotency key: one per dialog, so a retry or a double click applies the change once. */
export function newIdempotencyKey(): string {
  return crypto.randomUUID().replace(/-/g, '');
}

export function yuan(fen: number): string {
  return `¥${(fen / 100).toFixed(2)}`;
}
