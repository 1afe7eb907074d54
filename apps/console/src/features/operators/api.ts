import {
  consoleSecurityResponseSchema,
  createdOperatorResponseSchema,
  operatorListResponseSchema,
  operatorResponseSchema,
  setupLinkResponseSchema,
  type OperatorRole,
} from '@drama/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const operatorsQueryOptions = queryOptions({
  queryKey: ['console', 'operators'],
  queryFn: ({ signal }) => api('/operators', { schema: operatorListResponseSchema, signal }),
});

export const securityQueryOptions = queryOptions({
  queryKey: ['console', 'security'],
  queryFn: ({ signal }) => api('/security', { schema: consoleSecurityResponseSchema, signal }),
});

export function createOperator(body: { username: string; role: OperatorRole }) {
  return api('/operators', { method: 'POST', body, schema: createdOperatorResponseSchema });
}

export function updateOperator(id: number, body: { role?: OperatorRole; status?: 'active' | 'disabled' }) {
  return api(`/operators/${id}`, { method: 'PATCH', body, schema: operatorResponseSchema });
}

export function resetOperatorTotp(id: number) {
  return api(`/operators/${id}/reset-2fa`, { method: 'POST', schema: operatorResponseSchema });
}

export function newSetupLink(id: number) {
  return api(`/operators/${id}/setup-link`, { method: 'POST', schema: setupLinkResponseSchema });
}

export function setRequireTotp(requireTotp: boolean) {
  return api('/security', { method: 'PUT', body: { requireTotp }, schema: consoleSecurityResponseSchema });
}
