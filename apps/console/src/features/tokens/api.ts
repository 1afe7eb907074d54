import { apiTokenListResponseSchema, apiTokenResponseSchema, createdApiTokenResponseSchema, type OperatorRole } from '@drama/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../shared/api/console-api';

export const tokensQueryOptions = queryOptions({
  queryKey: ['console', 'tokens'],
  queryFn: ({ signal }) => api('/tokens', { schema: apiTokenListResponseSchema, signal }),
});

export function createToken(body: { name: string; role: OperatorRole }) {
  return api('/tokens', { method: 'POST', body, schema: createdApiTokenResponseSchema });
}

export function revokeToken(id: number) {
  return api(`/tokens/${id}`, { method: 'DELETE', schema: apiTokenResponseSchema });
}
