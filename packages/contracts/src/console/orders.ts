import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { localizedTextSchema } from '../locale-schemas.js';
import { paymentChannelIdSchema, planCodeSchema } from '../membership.js';
import { idSchema, pageQuerySchema } from '../params.js';

/*
 * The console's orders and refunds (`/api/v1/console/orders...`, role finance; the owner passes
 * too): the list with filters, an order with what its channel said, the review queue, asking the
 * channel now, refunds and the CSV export of a period.
 *
 * VIP rule of a refund (documented here because both apps show it): an order of D days and A fen
 * of which R fen are refunded in all has removed floor(D × R / A) days from the member's VIP, and
 * all D days once R = A. Each refund removes what its own amount adds to that count, from the
 * member's current expiry, never to before the moment of the refund.
 */

/**
 * How much of a paid order its refunds that went through gave back: some of it, or all of it.
 * The console shows this instead of "paid", and the export's status column says it.
 */
export const ORDER_REFUND_STATES = ['partly_refunded', 'refunded'] as const;
export const orderRefundStateSchema = z.enum(ORDER_REFUND_STATES);
export type OrderRefundState = z.infer<typeof orderRefundStateSchema>;

/** The refund state of an order (null when it is not paid or nothing came back). */
export function orderRefundState(order: { status: string; amountFen: number; refundedFen: number }): OrderRefundState | null {
  if (order.status !== 'success' || order.refundedFen <= 0) return null;
  return order.refundedFen >= order.amountFen ? 'refunded' : 'partly_refunded';
}

/** The list's status filter: stored statuses (`success` is every paid order), and the refund states. */
export const CONSOLE_ORDER_STATUSES = ['pending', 'success', 'failed', 'cancelled', ...ORDER_REFUND_STATES] as const;
export const consoleOrderStatusSchema = z.enum(CONSOLE_ORDER_STATUSES);
export type ConsoleOrderStatus = z.infer<typeof consoleOrderStatusSchema>;

/** Why an order is in the review queue. */
export const ORDER_REVIEW_KINDS = ['late_payment', 'amount_mismatch', 'unknown_order'] as const;
export const orderReviewKindSchema = z.enum(ORDER_REVIEW_KINDS);
export type OrderReviewKind = z.infer<typeof orderReviewKindSchema>;

export const REFUND_STATUSES = ['processing', 'succeeded', 'failed'] as const;
export const refundStatusSchema = z.enum(REFUND_STATUSES);
export type RefundStatus = z.infer<typeof refundStatusSchema>;

const fenQuery = z.coerce.number().int().min(0).max(100_000_000);

/** The list's filters; every one lives in the console's URL. Times are instants (ISO 8601 with offset). */
export const consoleOrderListQuerySchema = pageQuerySchema.extend({
  status: consoleOrderStatusSchema.optional(),
  channel: paymentChannelIdSchema.optional(),
  planCode: planCodeSchema.optional(),
  /** Created at or after. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** Created before. */
  to: z.iso.datetime({ offset: true }).optional(),
  minFen: fenQuery.optional(),
  maxFen: fenQuery.optional(),
  /** A member id (up to nine digits), or an order number (or its start) or a channel trade number. */
  q: z.string().trim().max(64).optional(),
});
export type ConsoleOrderListQuery = z.infer<typeof consoleOrderListQuerySchema>;

/** The export's period and filters (no paging: every order of the period). */
export const consoleOrderExportQuerySchema = consoleOrderListQuerySchema.omit({ page: true, limit: true }).extend({
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
});
export type ConsoleOrderExportQuery = z.infer<typeof consoleOrderExportQuerySchema>;

export const consoleOrderSchema = z.object({
  id: z.int(),
  orderNo: z.string(),
  userId: z.int(),
  username: z.string().nullable(),
  planCode: planCodeSchema,
  planName: localizedTextSchema,
  days: z.int(),
  amountFen: z.int(),
  /** What refunds that went through gave back, in fen. */
  refundedFen: z.int(),
  channel: paymentChannelIdSchema,
  channelMode: z.enum(['live', 'sandbox']),
  /** Stored status; `unknown` for one this version does not know. */
  status: z.enum(['pending', 'success', 'failed', 'cancelled', 'unknown']),
  /** A paid order's refund state (orderRefundState); null when nothing came back. */
  refundState: orderRefundStateSchema.nullable(),
  reviewFlag: z.enum(['late_payment', 'amount_mismatch']).nullable(),
  channelTradeNo: z.string().nullable(),
  failureCode: z.string().nullable(),
  failureReason: z.string().nullable(),
  createdAt: z.iso.datetime(),
  expiresAt: z.iso.datetime(),
  paidAt: z.iso.datetime().nullable(),
  closedAt: z.iso.datetime().nullable(),
});
export type ConsoleOrder = z.infer<typeof consoleOrderSchema>;
export const consoleOrderListResponseSchema = ok(paged(consoleOrderSchema));

/** A channel's notification or query answer as received, and what it did. */
export const paymentNotificationSchema = z.object({
  id: z.int(),
  channel: z.enum(['alipay', 'wechat', 'sandbox']),
  source: z.enum(['notify', 'query']),
  orderNo: z.string().nullable(),
  channelTradeNo: z.string().nullable(),
  amountFen: z.int().nullable(),
  outcome: z.enum(['paid', 'failed', 'closed', 'pending']).nullable(),
  verified: z.boolean(),
  /** What it did: applied, duplicate, late, amount_mismatch, unknown_order, signature_invalid, ignored. */
  flag: z.string(),
  detail: z.string().nullable(),
  /** The body as received (up to 16 KiB). */
  raw: z.string(),
  headers: z.record(z.string(), z.string()).nullable(),
  createdAt: z.iso.datetime(),
});
export type PaymentNotification = z.infer<typeof paymentNotificationSchema>;

export const consoleRefundSchema = z.object({
  id: z.int(),
  refundNo: z.string(),
  orderId: z.int(),
  amountFen: z.int(),
  reason: z.string(),
  status: refundStatusSchema,
  channelRefundNo: z.string().nullable(),
  failureReason: z.string().nullable(),
  /** VIP days this refund took away, and the member's expiry before and after; null until it went through. */
  vipDaysRemoved: z.int().nullable(),
  vipExpireBefore: z.iso.datetime().nullable(),
  vipExpireAfter: z.iso.datetime().nullable(),
  operatorId: z.int().nullable(),
  createdAt: z.iso.datetime(),
  completedAt: z.iso.datetime().nullable(),
});
export type ConsoleRefund = z.infer<typeof consoleRefundSchema>;

export const consoleOrderDetailSchema = z.object({
  order: consoleOrderSchema,
  /** The member's VIP now. */
  vipExpireTime: z.iso.datetime().nullable(),
  notifications: z.array(paymentNotificationSchema),
  refunds: z.array(consoleRefundSchema),
  /** What can still be refunded, in fen (0 when the order is not paid). */
  refundableFen: z.int(),
});
export type ConsoleOrderDetail = z.infer<typeof consoleOrderDetailSchema>;
export const consoleOrderDetailResponseSchema = ok(consoleOrderDetailSchema);

export const consoleOrderReviewQuerySchema = pageQuerySchema.extend({ kind: orderReviewKindSchema.optional() });
export type ConsoleOrderReviewQuery = z.infer<typeof consoleOrderReviewQuerySchema>;

/** One item of the review queue: a flagged order, or a verified notification about no order of ours. */
export const orderReviewItemSchema = z.object({
  kind: orderReviewKindSchema,
  /** When it happened (the order's last change, or the notification's arrival). */
  at: z.iso.datetime(),
  order: consoleOrderSchema.nullable(),
  notification: paymentNotificationSchema.nullable(),
});
export type OrderReviewItem = z.infer<typeof orderReviewItemSchema>;
export const consoleOrderReviewResponseSchema = ok(paged(orderReviewItemSchema));

/** "Ask the channel now": what it answered and what that did. */
export const orderChannelQueryResultSchema = z.object({
  /**
   * null when the channel has no trade for the order. A paid order with refunds that went through
   * answers its refund state, never `paid`: channels still call a partly refunded trade paid
   * (Alipay TRADE_SUCCESS, the sandbox), and a refunded one paid (WeChat Pay REFUND) or closed
   * (Alipay TRADE_CLOSED); what the channel said as received is the query's notification.
   */
  outcome: z.enum(['paid', 'failed', 'closed', 'pending', ...ORDER_REFUND_STATES]).nullable(),
  /** What applying the answer did; null when nothing was applied (no trade, or not final). */
  flag: z.string().nullable(),
  detail: consoleOrderDetailSchema,
});
export type OrderChannelQueryResult = z.infer<typeof orderChannelQueryResultSchema>;
export const orderChannelQueryResponseSchema = ok(orderChannelQueryResultSchema);

/** A refund number: the console makes one when the refund dialog opens, so a retry is the same refund. */
export const refundNoSchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'refundNo is 8 to 64 letters, digits, _ or -');

export const consoleRefundCreateSchema = z.object({
  refundNo: refundNoSchema,
  amountFen: z.int().min(1).max(100_000_000),
  reason: z.string().trim().min(1).max(200),
});
export type ConsoleRefundCreate = z.infer<typeof consoleRefundCreateSchema>;

export const consoleRefundResultSchema = z.object({
  refund: consoleRefundSchema,
  detail: consoleOrderDetailSchema,
});
export type ConsoleRefundResult = z.infer<typeof consoleRefundResultSchema>;
export const consoleRefundResponseSchema = ok(consoleRefundResultSchema);

export const orderIdParamsSchema = z.object({ id: idSchema });

/** Paths under /api/v1 of the console's order calls. */
export const consoleOrderPaths = {
  list: () => '/console/orders',
  review: () => '/console/orders/review',
  exportCsv: () => '/console/orders/export.csv',
  detail: (id: number) => `/console/orders/${id}`,
  query: (id: number) => `/console/orders/${id}/query`,
  refunds: (id: number) => `/console/orders/${id}/refunds`,
} as const;
