import type { FeedbackStatus } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

const COLORS: Record<FeedbackStatus, string> = { pending: 'gold', replied: 'green', closed: 'default' };

export function FeedbackStatusTag({ status }: { status: FeedbackStatus }) {
  const { t } = useI18n();
  return (
    <Tag color={COLORS[status]} data-status={status} style={{ marginInlineEnd: 0 }}>
      {t(`feedback.status.${status}`)}
    </Tag>
  );
}
