import type { OrderStatus } from '@drama/contracts';
import { useTranslation } from '../../../shared/i18n/i18n';

const TONES: Record<OrderStatus, string> = {
  pending: 'bg-warning/12 text-warning',
  success: 'bg-success/12 text-success',
  failed: 'bg-danger/12 text-danger',
  cancelled: 'bg-surface-3 text-fg-muted',
  unknown: 'bg-info/12 text-info',
};

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  const { t } = useTranslation();
  return (
    <span
      data-testid="order-status"
      data-status={status}
      className={`inline-flex shrink-0 items-center rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[status]}`}
    >
      {t(`orders.status.${status}`)}
    </span>
  );
}
