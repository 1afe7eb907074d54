import type { Feedback } from '@drama/contracts';
import { MessageSquarePlus, MessageSquareText } from 'lucide-react';
import { useTranslation } from '../../../shared/i18n/i18n';
import { EmptyState, EmptyStateLink } from '../../../shared/ui/empty-state';
import { InfiniteCardList } from '../../../shared/ui/infinite-list/infinite-card-list';
import { HeaderLink, PageHeader } from '../../../shared/ui/page-header';
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
      <InfiniteCardList
        query={query}
        keyOf={feedbackId}
        placeholder={FeedbackRowSkeleton}
        placeholderCount={5}
        data-testid="feedback-list"
        renderItem={(item) => <FeedbackRow item={item} />}
        renderEmpty={() => (
          <EmptyState
            className="mt-10"
            icon={MessageSquareText}
            title={t('feedback.empty')}
            description={t('feedback.emptyBody')}
            action={<EmptyStateLink to="/feedback" icon={MessageSquarePlus}>{t('feedback.new')}</EmptyStateLink>}
          />
        )}
      />
    </div>
  );
}
