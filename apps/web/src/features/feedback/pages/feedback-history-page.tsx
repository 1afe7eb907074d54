import { MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { useCallback } from 'react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { EmptyState } from '../../../shared/ui/empty-state';
import { ErrorState } from '../../../shared/ui/error-state';
import { LoadMore } from '../../../shared/ui/load-more';
import { PageHeader } from '../../../shared/ui/page-header';
import { useInfiniteFeedbackList } from '../api/get-feedback-list';
import { FeedbackRow, FeedbackRowSkeleton } from '../components/feedback-row';

/** What this member wrote to us, newest first, with its state and the replies. */
export function FeedbackHistoryPage() {
  const { t } = useTranslation();
  const { data, error, isPending, hasNextPage, isFetchingNextPage, fetchNextPage, refetch } = useInfiniteFeedbackList();
  const items = data?.pages.flatMap((page) => page.items) ?? [];
  const unique = items.filter((item, index) => items.findIndex((other) => other.id === item.id) === index);
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="feedback-history-page">
      <PageHeader
        title={t('routes.feedbackHistory')}
        fallback="/feedback"
        trailing={
          <Link to="/feedback" className="icon-btn" aria-label={t('feedback.new')}>
            <MessageSquarePlus aria-hidden className="size-[22px]" strokeWidth={1.9} />
          </Link>
        }
      />
      {error && !data ? (
        <ErrorState error={error} onRetry={() => void refetch()} />
      ) : isPending ? (
        <ul className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface">
          {Array.from({ length: 5 }, (_, index) => (
            <FeedbackRowSkeleton key={index} />
          ))}
        </ul>
      ) : unique.length === 0 ? (
        <EmptyState
          className="mt-10"
          icon={MessageSquareText}
          title={t('feedback.empty')}
          description={t('feedback.emptyBody')}
          action={
            <Link to="/feedback" className="btn-primary">
              <MessageSquarePlus aria-hidden className="size-4" />
              {t('feedback.new')}
            </Link>
          }
        />
      ) : (
        <>
          <ul
            className="mx-4 mt-3 divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
            data-testid="feedback-list"
          >
            {unique.map((item) => (
              <FeedbackRow key={item.id} item={item} />
            ))}
          </ul>
          <LoadMore
            hasNextPage={hasNextPage}
            isFetchingNextPage={isFetchingNextPage}
            onLoadMore={loadMore}
            error={data ? error : undefined}
            endText={t('common.endOfList')}
          />
        </>
      )}
    </div>
  );
}
