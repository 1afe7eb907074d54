import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPaths, type resumePointResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';

export function getResumePoint(dramaId: number, signal?: AbortSignal) {
  return api.get(apiPaths.watchRecord(dramaId), { schema: unchecked<typeof resumePointResponseSchema>(), signal });
}

/** Where a member stopped in a drama (`null` when never watched). Under `user`: dropped on sign-out. */
export function resumePointQueryOptions(dramaId: number, userId: number) {
  return queryOptions({
    queryKey: ['user', userId, 'watch-records', dramaId],
    queryFn: ({ signal }) => getResumePoint(dramaId, signal),
    staleTime: 0,
  });
}

export function useResumePoint(dramaId: number | null, userId: number | null, enabled: boolean) {
  return useQuery({
    ...resumePointQueryOptions(dramaId ?? 0, userId ?? 0),
    enabled: enabled && dramaId !== null && userId !== null,
  });
}
