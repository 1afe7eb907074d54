import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPaths, noticeListResponseSchema, noticeReadResponseSchema, noticeUnreadResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { useSession } from '../../../shared/session/session-store';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';

export const NOTICES_PAGE_SIZE = 20;

/** Under the member's keys, so signing out forgets them with the rest. */
export const noticeKeys = {
  all: ['user', 'notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
};

/** `GET /client/notices`: the member's notices, newest first. */
export function useInfiniteNotices() {
  return useInfiniteQuery(
    pagedListOptions(noticeKeys.list(), (page, signal) =>
      api.get(apiPaths.notices(), { schema: noticeListResponseSchema, query: { page, limit: NOTICES_PAGE_SIZE }, signal }),
    ),
  );
}

/** The bell's badge: asked again when the app comes back to the front, and every minute while open. */
export function useUnreadNotices() {
  const { token } = useSession();
  return useQuery({
    queryKey: noticeKeys.unread(),
    queryFn: ({ signal }) => api.get(apiPaths.noticesUnread(), { schema: noticeUnreadResponseSchema, signal }),
    enabled: token !== null,
    refetchInterval: 60_000,
    staleTime: 10_000,
    select: (data) => data.unread,
  });
}

/** Marks one notice read; the badge follows, the list keeps showing it as new until it is opened again. */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(apiPaths.noticeRead(id), { schema: noticeReadResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.unread() }),
  });
}

export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post(apiPaths.noticesReadAll(), { schema: noticeReadResponseSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticeKeys.all }),
  });
}
