import { consoleMeResponseSchema, type ConsoleMe } from '@drama/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api/console-api';

export const meQueryOptions = queryOptions({
  queryKey: ['console', 'me'],
  queryFn: ({ signal }) => api('/auth/me', { schema: consoleMeResponseSchema, signal }),
  staleTime: 60_000,
  retry: false,
});

/** The signed-in operator; only for screens inside the signed-in area, where it is loaded. */
export function useMe(): ConsoleMe {
  const { data } = useQuery(meQueryOptions);
  if (!data) throw new Error('useMe outside the signed-in area');
  return data;
}
