import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPaths, noticeListResponseSchema, noticeReadResponseSchema } from '@drama/contracts';
import { api } from '../../../shared/api/api';
import { pagedListOptions } from '../../../shared/ui/infinite-list/next-page';
import { noticeKeys } from './notice-keys';

export const NOTICES_PAGE_SIZE = 20;

/** `GET /client/notices`: the member's notices, newest first. */
export function useInfiniteNotices() {
  return useInfiniteQuery(
    pagedListOptions(noticeKeys.list(), (page, signal) =>
      api.get(apiPaths.notices(), { schema: noticeListResponseSchema, query: { page, limit: NOTICES_PAGE_SIZE }, signal }),
    ),
  );
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
