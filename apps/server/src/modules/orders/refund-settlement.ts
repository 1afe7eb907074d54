import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import type { Actor } from '../../platform/operators.js';
import { findUserForUpdate, setUserVip } from '../membership/index.js';
import { PaymentChannels } from '../payments/channel-registry.js';
import type { ChannelKey, RefundNotice, RefundResult } from '../payments/channels/channel.js';
import type { RefundRow } from '../payments/refund-tables.js';
import * as queries from './console-queries.js';
import { lockOrder } from './queries.js';
import { iso } from '../../platform/iso-time.js';

const DAY_MS = 86_400_000;

/**
 * VIP days an order's refunds have taken away once `refundedFen` of its `amountFen` is refunded:
 * in proportion, rounded down, and every day of the order once all of it is (consoleOrders'
 * contract states the rule). A refund removes the difference its own amount makes.
 */
export function vipDaysRefunded(days: number, amountFen: number, refundedFen: number): number {
  if (refundedFen >= amountFen) return days;
  return Math.floor((days * refundedFen) / amountFen);
}

/** The member's new expiry: `days` earlier, never before now; a VIP already over stays as it is. */
export function shortenedExpiry(expiry: Date | null, days: number, now: Date): Date | null {
  if (!expiry || expiry <= now || days <= 0) return expiry;
  const shortened = new Date(expiry.getTime() - days * DAY_MS);
  return shortened > now ? shortened : now;
}

/**
 * Step 3 of a refund, settling it with the channel's answer: what the console's refund does once
 * the channel answers (console-service.ts), and what the channel's later word of it does
 * (PaymentService: a notification, or the answer to a refund query). It needs neither service,
 * so app.ts makes it first and gives it to both.
 */
export class RefundSettlement {
  constructor(private readonly ctx: AppContext) {}

  /**
   * A channel's word of a refund's result, from its notification (WeChat Pay REFUND.*) or the
   * answer to the reconciler's refund query (Alipay): settles a refund still processing exactly
   * as step 3 does, for the operator who made it (audited by way of 'schedule'); a refund already
   * settled is left as it is.
   */
  async settleNotified(key: ChannelKey, orderNo: string, notice: RefundNotice): Promise<{ flag: 'applied' | 'duplicate' | 'unknown_order' | 'amount_mismatch'; detail: string | null }> {
    const found = await queries.refundWithOrderByNo(this.ctx.db, notice.refundNo);
    if (!found || found.order_no !== orderNo || PaymentChannels.keyOf(found) !== key) return { flag: 'unknown_order', detail: 'no such refund of this order' };
    if (notice.amountFen !== null && notice.amountFen !== found.amount_fen) {
      return { flag: 'amount_mismatch', detail: `the channel says ${notice.amountFen} fen, the refund is ${found.amount_fen} fen` };
    }
    if (found.status !== 'processing') return { flag: 'duplicate', detail: `the refund is already ${found.status}` };
    const actor: Actor = { operatorId: found.operator_id, username: found.username ?? key, role: found.role ?? 'finance', via: 'schedule', ip: null };
    const settled = await this.settle(actor, found.id, {
      refundNo: notice.refundNo,
      channelRefundNo: notice.channelRefundNo,
      outcome: notice.outcome,
      reason: notice.reason,
      raw: JSON.stringify(notice),
    });
    return settled.status === notice.outcome ? { flag: 'applied', detail: null } : { flag: 'duplicate', detail: `the refund is already ${settled.status}` };
  }

  /** Step 3 of a refund: applies the channel's answer to a refund still processing, once. */
  async settle(actor: Actor, refundId: number, result: RefundResult): Promise<RefundRow> {
    return this.ctx.db.transaction().execute(async (trx) => {
      const order = await lockOrder(trx, await queries.orderIdOfRefund(trx, refundId));
      const refund = await queries.lockRefund(trx, refundId);
      if (!order || refund.status !== 'processing') return refund;
      const now = this.ctx.clock();
      const raw = result.raw.slice(0, 16_384);
      if (result.outcome === 'processing') {
        return queries.updateRefund(trx, refund.id, { channel_refund_no: result.channelRefundNo ?? refund.channel_refund_no, raw, updated_at: now });
      }
      if (result.outcome === 'failed') {
        const failed = await queries.updateRefund(trx, refund.id, { status: 'failed', failure_reason: result.reason?.slice(0, 500) ?? 'refused', raw, updated_at: now, completed_at: now });
        await writeAudit(trx, actor, {
          action: 'order.refund',
          targetType: 'order',
          targetId: order.id,
          after: { refundNo: refund.refund_no, amountFen: refund.amount_fen, reason: refund.reason, status: 'failed', channelReason: failed.failure_reason },
        });
        return failed;
      }
      const totals = await queries.refundTotals(trx, order.id);
      const before = vipDaysRefunded(order.days, order.amount_fen, totals.succeeded);
      const after = vipDaysRefunded(order.days, order.amount_fen, totals.succeeded + refund.amount_fen);
      const removed = after - before;
      const user = await findUserForUpdate(trx, order.user_id);
      const expiryBefore = user?.vip_expire_time ?? null;
      const expiryAfter = shortenedExpiry(expiryBefore, removed, now);
      if (user && expiryAfter && expiryBefore && expiryAfter.getTime() !== expiryBefore.getTime()) {
        await setUserVip(trx, user.id, { level: user.vip_level, expiresAt: expiryAfter, now });
      }
      const succeeded = await queries.updateRefund(trx, refund.id, {
        status: 'succeeded',
        channel_refund_no: result.channelRefundNo ?? refund.channel_refund_no,
        raw,
        vip_days_removed: removed,
        vip_expire_before: expiryBefore,
        vip_expire_after: expiryAfter,
        updated_at: now,
        completed_at: now,
      });
      await writeAudit(trx, actor, {
        action: 'order.refund',
        targetType: 'order',
        targetId: order.id,
        before: { refundedFen: totals.succeeded, vipExpireTime: iso(expiryBefore) },
        after: {
          refundNo: refund.refund_no,
          amountFen: refund.amount_fen,
          reason: refund.reason,
          refundedFen: totals.succeeded + refund.amount_fen,
          vipDaysRemoved: removed,
          vipExpireTime: iso(expiryAfter),
        },
      });
      return succeeded;
    });
  }

}
