import {
  type Locale,
  type Order,
  type OrderDetail,
  type OrderFailureCode,
  type OrderStatus,
  ORDER_FAILURE_CODES,
  ORDER_STATUSES,
} from '@drama/contracts';
import { pickText } from '../../platform/locale.js';
import type { OrderRecord } from './queries.js';

export function presentStatus(stored: string): OrderStatus {
  return (ORDER_STATUSES as readonly string[]).includes(stored) ? (stored as OrderStatus) : 'unknown';
}

function presentFailureCode(stored: string | null): OrderFailureCode | null {
  return stored !== null && (ORDER_FAILURE_CODES as readonly string[]).includes(stored) ? (stored as OrderFailureCode) : null;
}

export function presentOrder(row: OrderRecord, locale: Locale): Order {
  return {
    id: row.id,
    orderNo: row.order_no,
    planId: row.plan_id,
    planCode: row.plan_code,
    planName: pickText(row.plan_name, locale),
    amountFen: row.amount_fen,
    days: row.days,
    channel: row.channel,
    status: presentStatus(row.status),
    failureCode: presentFailureCode(row.failure_code),
    failureReason: row.failure_reason,
    createdAt: row.created_at.toISOString(),
    paidAt: row.paid_at?.toISOString() ?? null,
    expiresAt: row.expires_at.toISOString(),
  };
}

/** An order with its payment info while it can still be paid, so leaving and coming back resumes it. */
export function presentOrderDetail(row: OrderRecord, locale: Locale): OrderDetail {
  const payable = row.status === 'pending' && row.qr_content !== null;
  return {
    ...presentOrder(row, locale),
    payment: payable && row.qr_content !== null ? { qrContent: row.qr_content, expiresAt: row.expires_at.toISOString() } : null,
  };
}
