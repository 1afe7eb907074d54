import { Badge } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useI18n } from '../../shared/i18n/i18n';
import { feedbackCountQueryOptions } from './api';

/** The unanswered count beside the menu entry; nothing when every item has an answer. */
export function FeedbackNavBadge() {
  const { t } = useI18n();
  const count = useQuery(feedbackCountQueryOptions);
  const unanswered = count.data?.unanswered ?? 0;
  if (unanswered === 0) return null;
  return (
    <span data-testid="feedback-nav-badge" style={{ marginInlineStart: 8 }}>
      <Badge count={unanswered} overflowCount={99} size="small" title={t('feedback.unanswered', { count: unanswered })} />
    </span>
  );
}
