import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type playInfoResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

export function getPlayInfo(episodeId: number, signal?: AbortSignal) {
  return api.get(apiPaths.play(episodeId), { schema: unchecked<typeof playInfoResponseSchema>(), signal });
}

/**
 * The play address of an episode. It depends on who asks (a locked episode is signed for a
 * VIP only), so the key carries the viewer; a signed address is refreshed well before it expires.
 */
export function playInfoQueryOptions(episodeId: number, viewer: number | null) {
  return queryOptions({
    queryKey: ['episodes', 'play', episodeId, viewer ?? 'guest'],
    queryFn: ({ signal }) => getPlayInfo(episodeId, signal),
    staleTime: 5 * 60_000,
  });
}

export function usePlayInfo(episodeId: number | null, viewer: number | null, enabled: boolean) {
  return useQuery({ ...playInfoQueryOptions(episodeId ?? 0, viewer), enabled: enabled && episodeId !== null });
}
