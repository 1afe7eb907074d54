/** Under the member's keys, so signing out forgets them with the rest. */
export const noticeKeys = {
  all: ['user', 'notices'] as const,
  list: () => [...noticeKeys.all, 'list'] as const,
  unread: () => [...noticeKeys.all, 'unread'] as const,
};
