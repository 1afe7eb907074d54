import type { ConsoleOrder, ConsoleRefund } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';

const STATUS_COLORS: Record<ConsoleOrder['status'], string> = {
  pending: 'processing',
  success: 'success',
  failed: 'error',
  cancelled: 'default',
  unknown: 'warning',
};

/** An order's status; a paid order with refunds says how much came back. */
export function OrderStatusTag({ order }: { order: Pick<ConsoleOrder, 'status' | 'refundedFen' | 'amountFen'> }) {
  const { t } = useI18n();
  if (order.status === 'success' && order.refundedFen > 0) {
    return <Tag color={order.refundedFen >= order.amountFen ? 'purple' : 'magenta'}>{t('orders.status.refunded')}</Tag>;
  }
  return <Tag color={STATUS_COLORS[order.status]}>{t(`orders.status.${order.status}`)}</Tag>;
}

export function ChannelTag({ order }: { order: Pick<ConsoleOrder, 'channel' | 'channelMode'> }) {
  const { t } = useI18n();
  return (
    <span>
      {t(`orders.channel.${order.channel}`)}
      {order.channelMode === 'sandbox' && (
        <Tag style={{ marginInlineStart: 6 }} color="gold">
          {t('orders.mode.sandbox')}
        </Tag>
      )}
    </span>
  );
}

const REFUND_COLORS: Record<ConsoleRefund['status'], string> = { processing: 'processing', succeeded: 'success', failed: 'error' };

export function RefundStatusTag({ status }: { status: ConsoleRefund['status'] }) {
  const { t } = useI18n();
  return <Tag color={REFUND_COLORS[status]}>{t(`order.refund.status.${status}`)}</Tag>;
}
