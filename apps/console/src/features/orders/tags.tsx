import type { ConsoleOrder, ConsoleRefund } from '@drama/contracts';
import { Tag } from 'antd';
import { useI18n } from '../../shared/i18n/i18n';
import { yuan } from './api';

const STATUS_COLORS: Record<ConsoleOrder['status'], string> = {
  pending: 'processing',
  success: 'success',
  failed: 'error',
  cancelled: 'default',
  unknown: 'warning',
};

/** An order's status; a paid order with refunds reads as its refund state, a part with how much came back. */
export function OrderStatusTag({ order }: { order: Pick<ConsoleOrder, 'status' | 'refundState' | 'refundedFen'> }) {
  const { t } = useI18n();
  if (order.refundState === 'refunded') return <Tag color="purple">{t('orders.status.refunded')}</Tag>;
  if (order.refundState === 'partly_refunded') {
    return <Tag color="magenta">{t('orders.status.partlyRefundedAmount', { amount: yuan(order.refundedFen) })}</Tag>;
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
