import type { Order } from '@drama/contracts';
import type { TFunction } from '../../../shared/i18n/i18n';

/**
 * Why an order did not go through, in the reader's language, followed by the channel's own
 * words when it gave any (those are the channel's, so they are shown as they came).
 */
export function failureReasonText(t: TFunction, order: Pick<Order, 'failureCode' | 'failureReason'>): string | null {
  const reason = order.failureReason?.trim() || null;
  if (!order.failureCode) return reason;
  const text = t(`orders.failure.${order.failureCode}`);
  return reason ? t('errors.withDetail', { message: text, detail: reason }) : text;
}
