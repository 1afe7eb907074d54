import type { Notice } from '@drama/contracts';
import { Bell, CheckCheck, Compass } from 'lucide-react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { requestPushOnce } from '../../../shared/push/request-push';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteCardList } from '../../../shared/ui/infinite-list/infinite-card-list';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfiniteNotices, useMarkAllNoticesRead, useMarkNoticeRead } from '../api/notices';
import { useUnreadNotices } from '../api/unread-notices';
import { NoticeRow, NoticeRowSkeleton } from '../components/notice-row';

const noticeId = (notice: Notice) => notice.id;

/** The notification centre: the member's notices, newest first; each is read once seen. */
export function NoticesPage() {
  const { t } = useTranslation();
  const query = useInfiniteNotices();
  const { data: unread = 0 } = useUnreadNotices();
  const markRead = useMarkNoticeRead();
  const markAll = useMarkAllNoticesRead();
  const { mutate } = markRead;
  const seen = useCallback((id: number) => mutate(id), [mutate]);

  // A member who opens the bell is one who wants to hear: the moment to offer pushes (asked once).
  useEffect(() => {
    void requestPushOnce();
  }, []);

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="notices-page">
      <PageHeader
        title={t('notices.title')}
        fallback="/profile"
        trailing={
          unread > 0 ? (
            <button
              type="button"
              className="icon-btn"
              aria-label={t('notices.markAllRead')}
              data-testid="notices-mark-all"
              disabled={markAll.isPending}
              onClick={() => markAll.mutate()}
            >
              <CheckCheck aria-hidden className="size-[22px]" strokeWidth={1.9} />
            </button>
          ) : undefined
        }
      />
      <InfiniteCardList
        query={query}
        keyOf={noticeId}
        placeholder={NoticeRowSkeleton}
        placeholderCount={5}
        data-testid="notices-list"
        renderItem={(notice) => <NoticeRow notice={notice} onSeen={seen} />}
        renderEmpty={() => (
          <EmptyState
            className="mt-10"
            icon={Bell}
            title={t('notices.empty')}
            description={t('notices.emptyBody')}
            action={<EmptyStateLink to="/explore" icon={Compass}>{t('notices.emptyAction')}</EmptyStateLink>}
          />
        )}
      />
    </div>
  );
}
