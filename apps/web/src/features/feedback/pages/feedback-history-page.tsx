import type { Feedback } from '@drama/contracts';
import { MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { Link } from 'react-router';
import { CardList } from '../../../shared/ui/card-list';
import { EmptyState } from '../../../shared/ui/empty-state';
import { InfiniteList } from '../../../shared/ui/infinite-list/infinite-list';
import { HeaderLink, PageHeader } from '../../../shared/ui/page-header';
import { Placeholders } from '../../../shared/ui/skeleton';
import { useInfiniteFeedbackList } from '../api/get-feedback-list';
import { FeedbackRow, FeedbackRowSkeleton } from '../components/feedback-row';

const feedbackId = (item: Feedback) => item.id;

/** What this member wrote to us, newest first, with its state and the replies. */
export function FeedbackHistoryPage() {
  const { t } = useTranslation();
  const query = useInfiniteFeedbackList();

  return (
    <div className="flex flex-1 flex-col pb-8" data-testid="feedback-history-page">
      <PageHeader
        title={t('routes.feedbackHistory')}
        fallback="/feedback"
        trailing={<HeaderLink to="/feedback" label={t('feedback.new')} icon={MessageSquarePlus} />}
      />
      <InfiniteList
        query={query}
        keyOf={feedbackId}
        skeleton={
          <CardList className="mt-3">
            <Placeholders count={5} of={FeedbackRowSkeleton} />
          </CardList>
        }
        renderEmpty={() => (
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
        )}
        endText={t('common.endOfList')}
      >
        {(items) => (
          <CardList className="mt-3" data-testid="feedback-list">
            {items.map((item) => (
              <FeedbackRow key={item.id} item={item} />
            ))}
          </CardList>
        )}
      </InfiniteList>
    </div>
  );
}
