import { createContext, useContext } from 'react';
import { consoleMeResponseSchema, type ConsoleMe } from '@drama/contracts';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api/console-api';

export const meQueryOptions = queryOptions({
  queryKey: ['console', 'me'],
  queryFn: ({ signal }) => api('/auth/me', { schema: consoleMeResponseSchema, signal }),
  staleTime: 60_000,
  retry: false,
});

/**
 * The signed-in operator, provided by the signed-in area's guard. Read from here rather than the
 * query cache, which signing out empties while the frame is still on screen.
 */
export const MeContext = createContext<ConsoleMe | null>(null);

export function useMe(): ConsoleMe {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the signed-in area');
  return me;
}
