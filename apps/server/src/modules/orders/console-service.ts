import { Readable } from 'node:stream';
import {
  type ConsoleOrder,
  type ConsoleOrderDetail,
  type ConsoleOrderExportQuery,
  type ConsoleOrderListQuery,
  type ConsoleOrderReviewQuery,
  type ConsoleRefund,
  type ConsoleRefundCreate,
  type ConsoleRefundResult,
  type OrderChannelQueryResult,
  type OrderRefundState,
  type OrderReviewItem,
  type Paged,
  type PaymentNotification,
  orderRefundState,
} from '@drama/contracts';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PaymentNotificationsTable } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Actor } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { csvLine } from '../../platform/csv.js';
import { PaymentChannels } from '../payments/channel-registry.js';
import { ChannelError, type ChannelResult, fenToYuan, type RefundResult } from '../payments/channels/channel.js';
import type { RefundRow } from '../payments/refund-tables.js';
import type { PaymentService } from '../payments/service.js';
import * as queries from './console-queries.js';
import { presentStatus } from './presenters.js';
import { lockOrder } from './queries.js';
import type { RefundSettlement } from './refund-settlement.js';
import { iso } from '../../platform/iso-time.js';

const EXPORT_BATCH = 500;

function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { code?: unknown }).code === '23505';
}

/**
 * What "ask the channel now" answers: the channel's word, except that a paid order with refunds
 * that went through keeps its refund state, as channels still call such a trade paid (or closed
 * once refunded in full).
 */
export function answeredOutcome(said: ChannelResult['outcome'] | null, refundState: OrderRefundState | null): OrderChannelQueryResult['outcome'] {
  if (refundState !== null && (said === 'paid' || said === 'closed')) return refundState;
  return said;
}

const CSV_COLUMNS = [
  'order_no',
  'created_at',
  'paid_at',
  'user_id',
  'username',
  'plan',
  'days',
  'channel',
  'mode',
  'status',
  'amount_yuan',
  'refunded_yuan',
  'channel_trade_no',
  'review_flag',
] as const;

/**
 * The console's orders: lists, an order with what its channel said, the review queue, asking the
 * channel now, refunds through the channel and the CSV export. Refunds are idempotent by their
 * refund number and change the member's VIP, the refund's record and the audit log in one
 * transaction.
 */
export class OrderConsoleService {
  private readonly db: Db;

  constructor(
    private readonly ctx: AppContext,
    private readonly payments: PaymentService,
    private readonly refunds: RefundSettlement,
  ) {
    this.db = ctx.db;
  }

  private presentOrder(row: queries.ConsoleOrderRecord): ConsoleOrder {
    const status = presentStatus(row.status);
    const refundedFen = Number(row.refunded_fen ?? 0);
    return {
      id: row.id,
      orderNo: row.order_no,
      userId: row.user_id,
      username: row.username ?? null,
      planCode: row.plan_code,
      planName: row.plan_name,
      days: row.days,
      amountFen: row.amount_fen,
      refundedFen,
      channel: row.channel,
      channelMode: row.channel_mode,
      status,
      refundState: orderRefundState({ status, amountFen: row.amount_fen, refundedFen }),
      reviewFlag: row.review_flag,
      channelTradeNo: row.channel_trade_no,
      failureCode: row.failure_code,
      failureReason: row.failure_reason,
      createdAt: new Date(row.created_at).toISOString(),
      expiresAt: new Date(row.expires_at).toISOString(),
      paidAt: iso(row.paid_at),
      closedAt: iso(row.closed_at),
    };
  }

  private presentNotification(row: Selectable<PaymentNotificationsTable>): PaymentNotification {
    return {
      id: row.id,
      channel: row.channel,
      source: row.source,
      orderNo: row.order_no,
      channelTradeNo: row.channel_trade_no,
      amountFen: row.amount_fen,
      outcome: row.outcome,
      verified: row.verified,
      flag: row.flag,
      detail: row.detail,
      raw: row.raw,
      headers: typeof row.headers === 'string' ? (JSON.parse(row.headers) as Record<string, string>) : row.headers,
      createdAt: new Date(row.created_at).toISOString(),
    };
  }

  private presentRefund(row: RefundRow): ConsoleRefund {
    return {
      id: row.id,
      refundNo: row.refund_no,
      orderId: row.order_id,
      amountFen: row.amount_fen,
      reason: row.reason,
      status: row.status,
      channelRefundNo: row.channel_refund_no,
      failureReason: row.failure_reason,
      vipDaysRemoved: row.vip_days_removed,
      vipExpireBefore: iso(row.vip_expire_before),
      vipExpireAfter: iso(row.vip_expire_after),
      operatorId: row.operator_id,
      createdAt: new Date(row.created_at).toISOString(),
      completedAt: iso(row.completed_at),
    };
  }

  async list(query: ConsoleOrderListQuery): Promise<Paged<ConsoleOrder>> {
    const { page: _page, limit: _limit, ...filters } = query;
    const { rows, total } = await queries.listConsoleOrders(this.db, filters, pageWindow(query));
    return pageOf(query, rows.map((row) => this.presentOrder(row)), total);
  }

  async detail(id: number): Promise<ConsoleOrderDetail> {
    const row = await queries.findConsoleOrder(this.db, id);
    if (!row) throw new AppError('ORDER_NOT_FOUND', `Order ${id} not found`);
    const [notifications, refunds, totals, vipExpiry] = await Promise.all([
      queries.notificationsOfOrder(this.db, row.id, row.order_no),
      queries.refundsOfOrder(this.db, row.id),
      queries.refundTotals(this.db, row.id),
      queries.memberVipExpiry(this.db, row.user_id),
    ]);
    return {
      order: this.presentOrder(row),
      vipExpireTime: iso(vipExpiry),
      notifications: notifications.map((item) => this.presentNotification(item)),
      refunds: refunds.map((item) => this.presentRefund(item)),
      refundableFen: row.status === 'success' ? Math.max(0, row.amount_fen - totals.committed) : 0,
    };
  }

  async review(query: ConsoleOrderReviewQuery): Promise<Paged<OrderReviewItem>> {
    const { rows, total } = await queries.reviewQueue(this.db, query, pageWindow(query));
    const orderIds = rows.flatMap((row) => (row.order_id === null ? [] : [row.order_id]));
    const notificationIds = rows.flatMap((row) => (row.notification_id === null ? [] : [row.notification_id]));
    const [orderRows, notificationRows] = await Promise.all([
      queries.findConsoleOrders(this.db, orderIds),
      queries.notificationsByIds(this.db, notificationIds),
    ]);
    const ordersById = new Map(orderRows.map((row) => [row.id, this.presentOrder(row)]));
    const notificationsById = new Map(notificationRows.map((row) => [row.id, this.presentNotification(row)]));
    const items = rows.map((row) => ({
      kind: row.kind,
      at: new Date(row.at).toISOString(),
      order: row.order_id === null ? null : (ordersById.get(row.order_id) ?? null),
      notification: row.notification_id === null ? null : (notificationsById.get(row.notification_id) ?? null),
    }));
    return pageOf(query, items, total);
  }

  /** "Ask the channel now": the reconciler's query for one order, its answer recorded and applied as the reconciler would. */
  async askChannel(actor: Actor, id: number): Promise<OrderChannelQueryResult> {
    const order = await queries.orderById(this.db, id);
    if (!order) throw new AppError('ORDER_NOT_FOUND', `Order ${id} not found`);
    const adapter = this.payments.channels.forOrder(order);
    if (!adapter) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${order.channel} is not available`);
    let said: ChannelResult['outcome'] | null = null;
    let flag: string | null = null;
    try {
      const result = await adapter.query(order.order_no);
      if (result) {
        said = result.outcome;
        flag = (await this.payments.apply(adapter.key, result, 'query')).flag;
      }
    } catch (error) {
      if (error instanceof ChannelError) throw new AppError('PAYMENT_CHANNEL_ERROR', error.message, { channelCode: error.channelCode ?? null });
      throw error;
    }
    const detail = await this.detail(id);
    const outcome = answeredOutcome(said, detail.order.refundState);
    await writeAudit(this.db, actor, { action: 'order.query', targetType: 'order', targetId: id, after: { outcome, channelOutcome: said, flag } });
    return { outcome, flag, detail };
  }

  /**
   * Refunds (part of) a paid order through its channel, idempotent by the refund number:
   * 1. under the order's lock, the refund is found (a replay) or recorded as processing, after
   *    checking it does not give back more than was paid and not yet refunded;
   * 2. the channel is asked (the same number is the same refund there too);
   * 3. under the order's lock again, a refund still processing is settled once: the member's VIP
   *    shortened, the refund's record and the audit row written in one transaction.
   * A refund the channel has taken but not confirmed stays processing, VIP untouched, until its
   * notification or the reconciler's refund query (RefundSettlement.settleNotified), or a replay, settles it.
   * A replay, or a request sent alongside, runs the same steps and finds the work done.
   */
  async refund(actor: Actor, orderId: number, input: ConsoleRefundCreate): Promise<ConsoleRefundResult> {
    const now = this.ctx.clock();
    let started: { refund: RefundRow; orderNo: string; totalFen: number; key: ReturnType<typeof PaymentChannels.keyOf>; order: Parameters<PaymentChannels['forOrder']>[0] };
    try {
      started = await this.db.transaction().execute(async (trx) => {
        const order = await lockOrder(trx, orderId);
        if (!order) throw new AppError('ORDER_NOT_FOUND', `Order ${orderId} not found`);
        const existing = await queries.refundByNo(trx, input.refundNo);
        const context = { orderNo: order.order_no, totalFen: order.amount_fen, key: PaymentChannels.keyOf(order), order };
        if (existing) {
          if (existing.order_id !== order.id || existing.amount_fen !== input.amountFen) {
            throw new AppError('REFUND_NO_CONFLICT', 'This refund number was used for another order or amount');
          }
          return { refund: existing, ...context };
        }
        if (order.status !== 'success') {
          throw new AppError('REFUND_NOT_ALLOWED', 'Only a paid order can be refunded', { status: presentStatus(order.status) });
        }
        const totals = await queries.refundTotals(trx, order.id);
        const refundableFen = order.amount_fen - totals.committed;
        if (input.amountFen > refundableFen) {
          throw new AppError('REFUND_EXCEEDS_PAID', 'The refund is more than was paid and not yet refunded', { refundableFen: Math.max(0, refundableFen) });
        }
        const refund = await queries.insertRefund(trx, {
          refund_no: input.refundNo,
          order_id: order.id,
          amount_fen: input.amountFen,
          reason: input.reason,
          operator_id: actor.operatorId,
          created_at: now,
          updated_at: now,
        });
        return { refund, ...context };
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('REFUND_NO_CONFLICT', 'This refund number was used for another order or amount');
      throw error;
    }

    let refund = started.refund;
    if (refund.status === 'processing') {
      const adapter = this.payments.channels.forOrder(started.order);
      if (!adapter) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${started.key} is not available`);
      let result: RefundResult;
      try {
        result = await adapter.refund({
          orderNo: started.orderNo,
          refundNo: refund.refund_no,
          amountFen: refund.amount_fen,
          totalFen: started.totalFen,
          reason: refund.reason,
          notifyUrl: this.payments.refundNotifyUrl(adapter.key),
        });
      } catch (error) {
        if (error instanceof ChannelError) {
          throw new AppError('PAYMENT_CHANNEL_ERROR', `${error.message}; send the same refund number again`, { channelCode: error.channelCode ?? null, refundNo: refund.refund_no });
        }
        throw error;
      }
      refund = await this.refunds.settle(actor, refund.id, result);
    }
    if (refund.status === 'failed' && refund.refund_no === input.refundNo && started.refund.status === 'processing') {
      throw new AppError('REFUND_CHANNEL_REFUSED', refund.failure_reason ?? 'The channel refused the refund', { refundNo: refund.refund_no, reason: refund.failure_reason });
    }
    return { refund: this.presentRefund(refund), detail: await this.detail(orderId) };
  }

  exportCsv(query: ConsoleOrderExportQuery): Readable {
    const db = this.db;
    async function* lines(): AsyncGenerator<string> {
      yield `\uFEFF${csvLine(CSV_COLUMNS)}`;
      let afterId = 0;
      for (;;) {
        const batch = await queries.exportBatch(db, query, afterId, EXPORT_BATCH);
        if (batch.length === 0) return;
        let chunk = '';
        for (const row of batch) {
          chunk += csvLine([
            row.order_no,
            new Date(row.created_at).toISOString(),
            iso(row.paid_at),
            row.user_id,
            row.username ?? null,
            row.plan_code,
            row.days,
            row.channel,
            row.channel_mode,
            // A paid order with refunds reads as its refund state, as the console shows it.
            orderRefundState({ status: row.status, amountFen: row.amount_fen, refundedFen: Number(row.refunded_fen ?? 0) }) ?? row.status,
            fenToYuan(row.amount_fen),
            fenToYuan(Number(row.refunded_fen ?? 0)),
            row.channel_trade_no,
            row.review_flag,
          ]);
        }
        yield chunk;
        afterId = batch[batch.length - 1]?.id ?? afterId;
        if (batch.length < EXPORT_BATCH) return;
      }
    }
    return Readable.from(lines());
  }
}
