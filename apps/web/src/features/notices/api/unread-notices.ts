import { useQuery } from '@tanstack/react-query';
import { apiPaths, type noticeUnreadResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { unchecked } from '../../../shared/api/api-client';
import { useSession } from '../../../shared/session/session-store';
import { noticeKeys } from './notice-keys';

/**
 * The bell's badge: asked again when the app comes back to the front, and every minute while open.
 * The bell is on home's first page, so the answer is typed by its schema without shipping it.
 */
export function useUnreadNotices() {
  const { token } = useSession();
  return useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) => api.get(apiPaths.noticesUnread(), { schema: unchecked<typeof noticeUnreadResponseSchema>(), signal }),
    enabled: token !== null,
    refetchInterval: 60_000,
    staleTime: 10_000,
    select: (data) => data.unread,
  });
}
