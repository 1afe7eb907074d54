import type { IncomingHttpHeaders } from 'node:http';
import { API_BASE, apiPaths, type ErrorCode, ERROR_STATUS, type Locale, type OrderStatus, type sandboxCheckoutQuerySchema } from '@drama/contracts';
import type { z } from 'zod';
import type { FastifyBaseLogger } from 'fastify';
import type { OrderRow } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { pickText } from '../../platform/locale.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import { extendVip } from '../membership/vip.js';
import * as orders from '../orders/index.js';
import { presentStatus } from '../orders/presenters.js';
import { PaymentChannels } from './channel-registry.js';
import {
  type ChannelKey,
  type ChannelReply,
  type ChannelResult,
  type IncomingNotification,
  type MobilePayment,
  NotificationRejected,
  type PaymentChannelAdapter,
  type RefundNotice,
  type RefundResult,
} from './channels/channel.js';
import { claimRefundQuery, findRefundsToAsk, insertNotification } from './queries.js';
import { noticesOf, transactionWithNotices } from '../notices/service.js';
import type { CheckoutView } from './sandbox-page.js';
import { keptSecret } from '../../platform/secrets.js';
import { oauthStateKey, WechatOauth } from './wechat-oauth.js';

export type SandboxCheckoutQuery = z.infer<typeof sandboxCheckoutQuerySchema>;

/** The app's result page a channel's page returns the payer to. */
export function paymentReturnPath(orderId: number): string {
  return `/payment/result?orderId=${orderId}&returned=1`;
}

/** What became of a channel's word about an order (payment_notifications.flag). */
export type ApplyFlag = 'applied' | 'duplicate' | 'late' | 'amount_mismatch' | 'unknown_order' | 'ignored';

export interface Applied {
  flag: ApplyFlag;
  order: OrderRow | null;
}

/** What settling a refund from a channel's word (a notification, or a refund query's answer) did: settled it, found it settled, or found no such refund. */
export type RefundSettler = (key: ChannelKey, orderNo: string, notice: RefundNotice) => Promise<{ flag: 'applied' | 'duplicate' | 'unknown_order' | 'amount_mismatch'; detail: string | null }>;

export type Received = { ok: true; flag: ApplyFlag; order: OrderRow | null } | { ok: false; code: ErrorCode; message: string };

/** A member's poll asks the channel about a pending order at most this often. */
export const POLL_QUERY_INTERVAL_MS = 5_000;
/** Reconciliation leaves orders younger than this to their notification. */
export const RECONCILE_MIN_AGE_MS = 60_000;
/** A refund still processing is asked about again at most this often (the call that made it asked first). */
export const REFUND_QUERY_INTERVAL_MS = 60_000;
const RECONCILE_BATCH = 100;

/** The headers kept with a notification: the ones its signature travels in. */
function signatureHeaders(headers: IncomingHttpHeaders): Record<string, string> | null {
  const kept = Object.entries(headers).filter(
    ([name, value]) => typeof value === 'string' && (name.startsWith('wechatpay-') || name.startsWith('x-sandbox-')),
  ) as Array<[string, string]>;
  return kept.length > 0 ? Object.fromEntries(kept) : null;
}

/**
 * Payments: opening a channel's payment for an order, and applying what channels say about
 * orders, exactly once. Notifications, the reconciliation job and a member's poll all end in
 * `apply`, which changes an order under its row lock, in one transaction with the record of
 * what was said and with the member's VIP.
 */
export class PaymentService {
  constructor(
    private readonly ctx: AppContext,
    readonly channels: PaymentChannels,
    private readonly log: FastifyBaseLogger,
    /** Settles refunds a channel reports done (WeChat Pay REFUND.*, Alipay's refund query): the orders module's, which owns refunds. */
    private readonly settleRefund: RefundSettler,
    /** Bounds how many refused (forged) notifications one address can make us record. */
    private readonly refusedLimiter: RateLimiter = ctx.rateLimits.create('payment-refused', 30, 60_000),
  ) {}

  private baseUrl(origin: string): string {
    return this.ctx.config.PUBLIC_BASE_URL ?? origin;
  }

  /** Where a channel posts a refund's result, when this server knows its public address. */
  refundNotifyUrl(key: ChannelKey): string | undefined {
    const base = this.ctx.config.PUBLIC_BASE_URL;
    return base ? `${base}${API_BASE}${apiPaths.paymentNotify(key)}` : undefined;
  }

  /**
   * A channel's verified word that a refund is over (a notification, or the answer to our
   * refund query): settles the refund once (a repeat finds it settled), and keeps what was said
   * with what it did.
   */
  private async receiveRefund(
    key: ChannelKey,
    result: ChannelResult & { refund: RefundNotice },
    headers: Record<string, string> | null,
    source: 'notify' | 'query' = 'notify',
  ): Promise<Received> {
    const done = await this.settleRefund(key, result.orderNo, result.refund);
    const order = await orders.findOrderByNo(this.ctx.db, result.orderNo);
    await insertNotification(this.ctx.db, {
      channel: key,
      source,
      order_no: result.orderNo.slice(0, 64),
      order_id: order?.id ?? null,
      channel_trade_no: result.channelTradeNo,
      amount_fen: result.refund.amountFen,
      outcome: 'pending',
      verified: true,
      flag: done.flag,
      detail: `refund ${result.refund.refundNo} ${result.refund.outcome}${done.detail ? `: ${done.detail}` : ''}`.slice(0, 500),
      raw: result.raw,
      headers,
      created_at: this.ctx.clock(),
    });
    if (done.flag === 'amount_mismatch') {
      this.log.warn({ channel: key, orderNo: result.orderNo, refundNo: result.refund.refundNo }, 'refund notification with another amount');
      return { ok: false, code: 'PAYMENT_AMOUNT_MISMATCH', message: 'The notified refund amount differs from the refund' };
    }
    return { ok: true, flag: done.flag, order: order ?? null };
  }

  /** Opens the channel's QR payment for a new order; PAYMENT_CREATE_FAILED when the channel will not. */
  /** The channel that opens and settles the order, as configured now. */
  private adapterOf(order: OrderRow) {
    const adapter = this.channels.forOrder(order);
    if (!adapter) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${order.channel} is not available`);
    return adapter;
  }

  async openPayment(order: OrderRow, subject: string, origin: string): Promise<string> {
    const adapter = this.adapterOf(order);
    const base = this.baseUrl(origin);
    try {
      return await adapter.createQrPayment({
        orderNo: order.order_no,
        amountFen: order.amount_fen,
        subject,
        expiresAt: order.expires_at,
        notifyUrl: `${base}${API_BASE}${apiPaths.paymentNotify(adapter.key)}`,
        origin: base,
      });
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no, channel: adapter.key }, 'payment channel could not create a payment');
      throw new AppError('PAYMENT_CREATE_FAILED', 'The payment channel could not create the payment');
    }
  }

  /**
   * Opens the payment of an order on the payer's own phone: the channel's page (`wap`) or WeChat
   * Pay inside WeChat (`jsapi`). The channel's page returns to the app's result page for the
   * order. PAYMENT_CREATE_FAILED when the channel will not; a live JSAPI payment needs the
   * payer's openid (VALIDATION_FAILED without it).
   */
  async openMobilePayment(
    order: OrderRow,
    mode: 'wap' | 'jsapi',
    subject: string,
    origin: string,
    payer: { ip: string; openid: string | null },
  ): Promise<MobilePayment> {
    const adapter = this.adapterOf(order);
    if (mode === 'jsapi' && order.channel === 'alipay') {
      throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', 'Alipay has no payment inside WeChat; use its page (mode wap)');
    }
    if (mode === 'jsapi' && adapter.key === 'wechat' && !payer.openid) {
      throw new AppError('VALIDATION_FAILED', 'A WeChat Pay payment inside WeChat needs the payer’s openid (GET /payments/wechat/oauth)');
    }
    const base = this.baseUrl(origin);
    try {
      return await adapter.createMobilePayment({
        mode,
        orderNo: order.order_no,
        amountFen: order.amount_fen,
        subject,
        expiresAt: order.expires_at,
        notifyUrl: `${base}${API_BASE}${apiPaths.paymentNotify(adapter.key)}`,
        origin: base,
        returnUrl: `${base}${paymentReturnPath(order.id)}`,
        quitUrl: `${base}/payment?orderId=${order.id}`,
        payerIp: payer.ip,
        openid: payer.openid,
      });
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no, channel: adapter.key, mode }, 'payment channel could not create a mobile payment');
      throw new AppError('PAYMENT_CREATE_FAILED', 'The payment channel could not create the payment');
    }
  }

  private stateKey: Buffer | null = null;

  /** The official account's OAuth step, when its app id and secret are set. */
  wechatOauth(): WechatOauth | null {
    const { WECHAT_MP_APP_ID: appId, WECHAT_MP_APP_SECRET: appSecret } = this.ctx.config;
    if (!appId || !appSecret) return null;
    this.stateKey ??= oauthStateKey(this.ctx.config.JWT_SECRET ?? keptSecret(this.ctx.config.DATA_DIR, 'jwt-secret'));
    return new WechatOauth({ appId, appSecret, oauthBase: this.ctx.config.WECHAT_OAUTH_BASE, apiBase: this.ctx.config.WECHAT_SNS_API_BASE, stateKey: this.stateKey });
  }

  /** Where WeChat sends the payer back with a code: this server's callback. */
  wechatOauthCallbackUrl(origin: string): string {
    return `${this.baseUrl(origin)}${API_BASE}/payments/wechat/oauth/callback`;
  }

  /** Closes an order's trade at its channel so it can no longer be paid; failures are logged, not thrown. */
  async closeAtChannel(order: OrderRow): Promise<void> {
    const adapter = this.channels.forOrder(order);
    if (!adapter) return;
    try {
      await adapter.close(order.order_no);
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no, channel: adapter.key }, 'payment channel could not close a trade');
    }
  }

  /** Verifies a channel's notification and applies it. */
  async receive(key: ChannelKey, incoming: IncomingNotification, from: { ip: string }): Promise<Received> {
    const adapter = this.channels.byKey(key);
    if (!adapter) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${key} is not available`);
    const headers = signatureHeaders(incoming.headers);
    let result: ChannelResult;
    try {
      result = adapter.verifyNotification(incoming);
    } catch (error) {
      if (!(error instanceof NotificationRejected)) throw error;
      this.log.warn({ channel: key, ip: from.ip, reason: error.message }, 'payment notification refused');
      if ((await this.refusedLimiter.hit(`refused:${from.ip}`)).allowed) {
        await insertNotification(this.ctx.db, {
          channel: key,
          source: 'notify',
          order_no: error.claimed.orderNo?.slice(0, 64) ?? null,
          order_id: null,
          channel_trade_no: error.claimed.channelTradeNo?.slice(0, 64) ?? null,
          amount_fen: null,
          outcome: null,
          verified: false,
          flag: 'signature_invalid',
          detail: `${error.message} (from ${from.ip})`,
          raw: incoming.body.toString('utf8'),
          headers,
          created_at: this.ctx.clock(),
        });
      }
      return { ok: false, code: 'PAYMENT_SIGNATURE_INVALID', message: 'The notification signature does not verify' };
    }
    if (result.refund) return this.receiveRefund(key, { ...result, refund: result.refund }, headers);
    const applied = await this.apply(key, result, 'notify', headers);
    if (applied.flag === 'amount_mismatch') {
      return { ok: false, code: 'PAYMENT_AMOUNT_MISMATCH', message: 'The notified amount differs from the order amount' };
    }
    if (applied.flag === 'unknown_order') return { ok: false, code: 'ORDER_NOT_FOUND', message: 'No such order' };
    return { ok: true, flag: applied.flag, order: applied.order };
  }

  /** The notification route's answer, in the channel's own terms. */
  async handleNotification(key: ChannelKey, incoming: IncomingNotification, from: { ip: string }): Promise<ChannelReply> {
    const adapter = this.channels.byKey(key);
    if (!adapter) throw new AppError('PAYMENT_CHANNEL_UNAVAILABLE', `Payment channel ${key} is not available`);
    const received = await this.receive(key, incoming, from);
    return received.ok ? adapter.acknowledge() : adapter.refuse(received.code, received.message, ERROR_STATUS[received.code]);
  }

  /**
   * Applies a channel's verified word about an order, once. Under the order's row lock:
   * - paid, pending order: success, VIP extended by the plan's days;
   * - paid, order already cancelled, failed or past its time: credited all the same (the money
   *   was received) and flagged `late` / review_flag late_payment for the operator;
   * - paid again, or failed/closed after the order settled: recorded as a duplicate, no change;
   * - paid with another amount: refused, recorded and flagged, never credited;
   * - failed: failed (payment_failed); closed: cancelled (channel_closed, or expired when past its time).
   */
  async apply(
    key: ChannelKey,
    result: ChannelResult,
    source: 'notify' | 'query',
    headers: Record<string, string> | null = null,
  ): Promise<Applied> {
    const now = this.ctx.clock();
    const applied = await transactionWithNotices(this.ctx, async (trx): Promise<Applied> => {
      const order = await orders.lockOrderByNo(trx, result.orderNo);
      const record = (flag: ApplyFlag, detail: string | null = null) =>
        insertNotification(trx, {
          channel: key,
          source,
          order_no: result.orderNo.slice(0, 64),
          order_id: order?.id ?? null,
          channel_trade_no: result.channelTradeNo,
          amount_fen: result.amountFen,
          outcome: result.outcome,
          verified: true,
          flag,
          detail,
          raw: result.raw,
          headers,
          created_at: now,
        });

      if (!order || PaymentChannels.keyOf(order) !== key) {
        await record('unknown_order', order ? `the order is served by ${PaymentChannels.keyOf(order)}` : 'no such order');
        return { flag: 'unknown_order', order: null };
      }
      if (result.outcome === 'pending') {
        await record('ignored', 'not a final result');
        return { flag: 'ignored', order };
      }
      if (result.outcome === 'paid') {
        if (result.amountFen !== order.amount_fen) {
          const flagged = await orders.updateOrder(trx, order.id, { review_flag: 'amount_mismatch', updated_at: now });
          await record('amount_mismatch', `the channel says ${result.amountFen ?? 'nothing'} fen, the order is ${order.amount_fen} fen`);
          return { flag: 'amount_mismatch', order: flagged };
        }
        if (order.status === 'success') {
          await record('duplicate', 'the order is already paid');
          return { flag: 'duplicate', order };
        }
        if (order.status !== 'pending' && order.status !== 'cancelled' && order.status !== 'failed') {
          await record('ignored', `the order is ${order.status}`);
          return { flag: 'ignored', order };
        }
        const late = order.status !== 'pending' || order.expires_at <= now;
        const paid = await orders.updateOrder(trx, order.id, {
          status: 'success',
          paid_at: now,
          channel_trade_no: result.channelTradeNo ?? order.channel_trade_no,
          failure_code: null,
          failure_reason: null,
          ...(late ? { review_flag: 'late_payment' as const } : {}),
          updated_at: now,
        });
        await extendVip(trx, order.user_id, order.days, now);
        await noticesOf(this.ctx)?.message(trx, order.user_id, 'order-result', { orderId: order.id, status: 'success' });
        await record(late ? 'late' : 'applied', late ? `paid when the order was ${order.status} (${order.failure_code ?? 'past its time'})` : null);
        return { flag: late ? 'late' : 'applied', order: paid };
      }
      if (order.status !== 'pending') {
        await record('duplicate', `the order is already ${order.status}`);
        return { flag: 'duplicate', order };
      }
      const failed = result.outcome === 'failed';
      const settled = await orders.updateOrder(trx, order.id, {
        status: failed ? 'failed' : 'cancelled',
        failure_code: failed ? 'payment_failed' : order.expires_at <= now ? 'expired' : 'channel_closed',
        failure_reason: result.reason?.slice(0, 500) ?? null,
        channel_trade_no: result.channelTradeNo ?? order.channel_trade_no,
        closed_at: now,
        updated_at: now,
      });
      await noticesOf(this.ctx)?.message(trx, order.user_id, 'order-result', { orderId: order.id, status: failed ? 'failed' : 'cancelled' });
      await record('applied');
      return { flag: 'applied', order: settled };
    });
    if (applied.flag === 'amount_mismatch' || applied.flag === 'late' || applied.flag === 'unknown_order') {
      this.log.warn({ channel: key, source, orderNo: result.orderNo, flag: applied.flag }, 'payment needs an operator’s review');
    }
    return applied;
  }

  /** Asks the channel about a pending order and applies a final answer; true when it settled the order. */
  private async settleFromChannel(order: OrderRow, adapter: PaymentChannelAdapter): Promise<boolean> {
    let result: ChannelResult | null;
    try {
      result = await adapter.query(order.order_no);
    } catch (error) {
      this.log.warn({ err: error, orderNo: order.order_no, channel: adapter.key }, 'payment channel query failed');
      return false;
    }
    if (!result || result.outcome === 'pending') return false;
    const applied = await this.apply(adapter.key, result, 'query');
    return applied.flag === 'applied' || applied.flag === 'late';
  }

  /**
   * A member is waiting on a pending order: ask its channel, at most every few seconds per
   * order whoever asks, so that a lost notification does not keep them waiting.
   */
  async refresh(order: OrderRow): Promise<void> {
    if (order.status !== 'pending') return;
    const adapter = this.channels.forOrder(order);
    if (!adapter) return;
    if (!(await orders.claimChannelQuery(this.ctx.db, order.id, this.ctx.clock(), POLL_QUERY_INTERVAL_MS))) return;
    await this.settleFromChannel(order, adapter);
  }

  /**
   * Asks the channels that answer refund queries (Alipay) about refunds still processing, each
   * at most every REFUND_QUERY_INTERVAL_MS whoever asks, and settles the ones they say are done
   * through the same settling as a refund notification: once, the member's VIP shortened then
   * and only then. Returns how many it settled.
   */
  async settleProcessingRefunds(): Promise<number> {
    const now = this.ctx.clock();
    const askedBefore = new Date(now.getTime() - REFUND_QUERY_INTERVAL_MS);
    const due = await findRefundsToAsk(this.ctx.db, this.channels.refundQueryChannels(), askedBefore, RECONCILE_BATCH);
    let settled = 0;
    for (const refund of due) {
      const adapter = this.channels.forOrder(refund);
      if (!adapter?.queryRefund || !(await claimRefundQuery(this.ctx.db, refund.id, now, askedBefore))) continue;
      let answer: RefundResult;
      try {
        answer = await adapter.queryRefund({ orderNo: refund.order_no, refundNo: refund.refund_no, amountFen: refund.amount_fen });
      } catch (error) {
        this.log.warn({ err: error, orderNo: refund.order_no, refundNo: refund.refund_no, channel: adapter.key }, 'payment channel refund query failed');
        continue;
      }
      if (answer.outcome === 'processing') continue;
      const received = await this.receiveRefund(
        adapter.key,
        {
          orderNo: refund.order_no,
          channelTradeNo: answer.channelRefundNo,
          amountFen: refund.amount_fen,
          outcome: 'pending',
          reason: null,
          raw: answer.raw,
          refund: { refundNo: refund.refund_no, channelRefundNo: answer.channelRefundNo, outcome: answer.outcome, amountFen: refund.amount_fen, reason: answer.reason },
        },
        null,
        'query',
      );
      if (received.ok && received.flag === 'applied') settled += 1;
    }
    return settled;
  }

  /**
   * Checks pending orders older than a minute with their channel: applies what was paid or
   * closed there (a notification may have been lost), and closes and cancels the ones whose
   * time is up; then refunds still processing (settleProcessingRefunds).
   */
  async reconcile(): Promise<{ checked: number; settled: number; expired: number; refundsSettled: number }> {
    const now = this.ctx.clock();
    const pending = await orders.findPendingOrders(this.ctx.db, new Date(now.getTime() - RECONCILE_MIN_AGE_MS), RECONCILE_BATCH);
    let settled = 0;
    let expired = 0;
    for (const order of pending) {
      const adapter = this.channels.forOrder(order);
      if (adapter && (await this.settleFromChannel(order, adapter))) {
        settled += 1;
        continue;
      }
      if (order.expires_at <= now) {
        await this.closeAtChannel(order);
        expired += await orders.expireDueOrders(this.ctx.db, { orderId: order.id }, now);
      }
    }
    return { checked: pending.length, settled, expired, refundsSettled: await this.settleProcessingRefunds() };
  }

  /** What the sandbox checkout page shows of an order; null when the sandbox is off or has no such order. */
  async sandboxCheckoutView(orderNo: string, locale: Locale, opened: SandboxCheckoutQuery = {}): Promise<CheckoutView | null> {
    const sandbox = this.channels.sandbox;
    if (!sandbox) return null;
    const order = await orders.findOrderWithPlanByNo(this.ctx.db, orderNo);
    if (!order || order.channel_mode !== 'sandbox') return null;
    // The JSAPI stand-in pays only with the parameters the sandbox signed for this order.
    if (opened.flow === 'jsapi' && !sandbox.verifyJsapi(orderNo, opened)) return null;
    // What the payer did here stands even where the notification has not (yet) settled the order.
    const payment = await sandbox.query(orderNo);
    const payable = order.status === 'pending' && order.expires_at > this.ctx.clock() && !payment;
    const state =
      order.status === 'success' || payment?.outcome === 'paid'
        ? 'paid'
        : order.status === 'failed' || payment?.outcome === 'failed'
          ? 'failed'
          : payable
            ? 'pending'
            : 'closed';
    return {
      orderNo: order.order_no,
      planName: pickText(order.plan_name, locale),
      amountFen: order.amount_fen,
      channel: order.channel,
      state,
      expiresAt: order.expires_at,
      apiPath: `${API_BASE}${apiPaths.sandboxCheckout(order.order_no)}`,
      // Opened from a phone's payment (not a scanned code): back to the app's result page after.
      returnPath: opened.flow ? paymentReturnPath(order.id) : null,
    };
  }

  /**
   * The sandbox checkout's Pay or Fail: kept in the sandbox's own record, then sent as a
   * signed notification through the same path a real channel's takes.
   */
  async sandboxCheckout(orderNo: string, choice: 'success' | 'fail', from: { ip: string }): Promise<{ orderNo: string; status: OrderStatus }> {
    const sandbox = this.channels.sandbox;
    if (!sandbox) throw new AppError('NOT_FOUND', 'The sandbox payment channel is off');
    const order = await orders.findOrderByNo(this.ctx.db, orderNo);
    if (!order || order.channel_mode !== 'sandbox') throw new AppError('ORDER_NOT_FOUND', 'No such order');
    await orders.expireDueOrders(this.ctx.db, { orderId: order.id }, this.ctx.clock());
    const current = (await orders.findOrderByNo(this.ctx.db, orderNo)) ?? order;
    if (current.status !== 'pending') {
      throw new AppError('ORDER_NOT_PENDING', 'This order can no longer be paid', { status: presentStatus(current.status) });
    }
    const payment = await sandbox.record(orderNo, choice === 'success' ? 'paid' : 'failed', current.amount_fen);
    if (payment.result === 'closed') {
      throw new AppError('ORDER_NOT_PENDING', 'This order can no longer be paid', { status: 'cancelled' });
    }
    const received = await this.receive('sandbox', sandbox.notificationFor({ ...payment, result: payment.result }), from);
    if (!received.ok) throw new AppError(received.code, received.message);
    return { orderNo, status: presentStatus(received.order?.status ?? current.status) };
  }
}
