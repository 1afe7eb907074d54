import type { FeedbackStatus } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';

const TONES: Record<FeedbackStatus, string> = {
  pending: 'bg-warning/12 text-warning',
  replied: 'bg-success/12 text-success',
  closed: 'bg-surface-3 text-fg-muted',
};

export function FeedbackStatusBadge({ status }: { status: FeedbackStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="feedback-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {t(`feedback.status.${status}`)}
    </span>
  );
}
