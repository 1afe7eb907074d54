import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sandboxCheckoutPagePath } from '@drama/contracts';
import { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { findOrderByNo } from '../../orders/index.js';
import {
  findSandboxBill,
  findSandboxPayment,
  findSandboxRefund,
  findSandboxTradeNos,
  insertSandboxPayment,
  insertSandboxRefund,
  lockSandboxPayment,
  sumSandboxRefunds,
} from '../queries.js';
import {
  type ChannelReply,
  type ChannelResult,
  headerValue,
  type IncomingNotification,
  type JsapiParams,
  type MobilePayment,
  type MobilePaymentRequest,
  NotificationRejected,
  type PaymentChannelAdapter,
  type QrPaymentRequest,
  type RefundRequest,
  type RefundResult,
  type TradeBillLine,
} from './channel.js';

export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
const MAX_AGE_SECONDS = 300;

const notificationSchema = z.object({
  orderNo: z.string().min(1).max(64),
  tradeNo: z.string().min(1).max(64),
  amountFen: z.int().positive(),
  result: z.enum(['paid', 'failed']),
  sentAt: z.int().positive(),
  nonce: z.string().min(8).max(64),
});

export type SandboxResult = 'paid' | 'failed' | 'closed';

export interface SandboxPayment {
  orderNo: string;
  tradeNo: string;
  result: SandboxResult;
  amountFen: number;
}

/**
 * The channel that stands in for Alipay and WeChat Pay when no merchant settings are given.
 * Its QR code opens the app's own checkout page; what the page does is kept in
 * sandbox_payments, which is what a query of this channel answers from (so a notification that
 * never arrived can be reconciled, as with a real channel). Its notifications are signed with
 * HMAC-SHA256 under a key only this server holds.
 */
export class SandboxChannel implements PaymentChannelAdapter {
  readonly key = 'sandbox' as const;

  constructor(
    private readonly db: Db,
    private readonly secret: string,
    private readonly clock: () => Date,
  ) {}

  createQrPayment(request: QrPaymentRequest): Promise<string> {
    return Promise.resolve(`${request.origin}${sandboxCheckoutPagePath(request.orderNo)}`);
  }

  /**
   * The mobile flows open the same checkout page, told to return to the app afterwards. The
   * JSAPI stand-in gives parameters shaped like WeChat's, signed with the sandbox's key: the
   * checkout page settles them only when they verify.
   */
  createMobilePayment(request: MobilePaymentRequest): Promise<MobilePayment> {
    const checkout = `${request.origin}${sandboxCheckoutPagePath(request.orderNo)}`;
    if (request.mode === 'wap') return Promise.resolve({ mode: 'wap', redirectUrl: `${checkout}?flow=wap` });
    const timeStamp = String(Math.floor(this.clock().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${this.prepayId(request.orderNo)}`;
    const jsapiParams: JsapiParams = {
      appId: 'sandbox',
      timeStamp,
      nonceStr,
      package: pkg,
      signType: 'RSA',
      paySign: this.jsapiSign(timeStamp, nonceStr, pkg),
    };
    return Promise.resolve({ mode: 'jsapi', jsapiParams });
  }

  /** The sandbox's prepay id of an order: bound to it, so parameters made for one order never pay another. */
  private prepayId(orderNo: string): string {
    return `sbx_${createHmac('sha256', this.secret).update(`prepay\n${orderNo}`).digest('hex').slice(0, 32)}`;
  }

  private jsapiSign(timeStamp: string, nonceStr: string, pkg: string): string {
    return createHmac('sha256', this.secret).update(`sandbox\n${timeStamp}\n${nonceStr}\n${pkg}\n`).digest('base64url');
  }

  /** True when JSAPI parameters are the sandbox's own for this order and not older than the order may be. */
  verifyJsapi(orderNo: string, params: { timeStamp?: string | undefined; nonceStr?: string | undefined; package?: string | undefined; paySign?: string | undefined }): boolean {
    const { timeStamp, nonceStr, package: pkg, paySign } = params;
    if (!timeStamp || !nonceStr || !pkg || !paySign) return false;
    if (pkg !== `prepay_id=${this.prepayId(orderNo)}`) return false;
    if (!/^\d{1,12}$/.test(timeStamp) || Math.abs(this.clock().getTime() / 1000 - Number(timeStamp)) > 2 * 3600) return false;
    const given = Buffer.from(paySign);
    const expected = Buffer.from(this.jsapiSign(timeStamp, nonceStr, pkg));
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  private signature(body: Buffer): string {
    return createHmac('sha256', this.secret).update(body).digest('base64url');
  }

  /**
   * Records what the payer did at the checkout. The first result is final, as at a real
   * channel: paying a closed or failed trade changes nothing. Returns the record that stands.
   */
  async record(orderNo: string, result: SandboxResult, amountFen: number): Promise<SandboxPayment> {
    const now = this.clock();
    await insertSandboxPayment(this.db, {
      order_no: orderNo,
      trade_no: `SBX${randomBytes(12).toString('hex').toUpperCase()}`,
      result,
      amount_fen: amountFen,
      created_at: now,
      updated_at: now,
    });
    const row = await findSandboxPayment(this.db, orderNo);
    if (!row) throw new Error(`The sandbox payment of ${orderNo} was not recorded`);
    return { orderNo: row.order_no, tradeNo: row.trade_no, result: row.result, amountFen: row.amount_fen };
  }

  /** The notification the sandbox sends for a payment, signed like a real channel signs its own. */
  notificationFor(payment: SandboxPayment & { result: 'paid' | 'failed' }): IncomingNotification {
    const body = Buffer.from(
      JSON.stringify({
        orderNo: payment.orderNo,
        tradeNo: payment.tradeNo,
        amountFen: payment.amountFen,
        result: payment.result,
        sentAt: Math.floor(this.clock().getTime() / 1000),
        nonce: randomBytes(12).toString('hex'),
      }),
    );
    return { body, headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: this.signature(body) } };
  }

  verifyNotification(notification: IncomingNotification): ChannelResult {
    const given = Buffer.from(headerValue(notification.headers, SANDBOX_SIGNATURE_HEADER) ?? '');
    const expected = Buffer.from(this.signature(notification.body));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new NotificationRejected('Sandbox notification signature does not verify');
    }
    const raw = notification.body.toString('utf8');
    let parsed: z.infer<typeof notificationSchema>;
    try {
      parsed = notificationSchema.parse(JSON.parse(raw));
    } catch {
      throw new NotificationRejected('Sandbox notification cannot be read');
    }
    if (Math.abs(this.clock().getTime() / 1000 - parsed.sentAt) > MAX_AGE_SECONDS) {
      throw new NotificationRejected('Sandbox notification is too old or from the future', { orderNo: parsed.orderNo });
    }
    return {
      orderNo: parsed.orderNo,
      channelTradeNo: parsed.tradeNo,
      amountFen: parsed.amountFen,
      outcome: parsed.result,
      reason: parsed.result === 'failed' ? 'The payer chose Fail at the sandbox checkout' : null,
      raw,
    };
  }

  async query(orderNo: string): Promise<ChannelResult | null> {
    const row = await findSandboxPayment(this.db, orderNo);
    if (!row) return null;
    return {
      orderNo,
      channelTradeNo: row.trade_no,
      amountFen: row.amount_fen,
      outcome: row.result,
      reason: row.result === 'failed' ? 'The payer chose Fail at the sandbox checkout' : null,
      raw: JSON.stringify({ orderNo, tradeNo: row.trade_no, amountFen: row.amount_fen, result: row.result }),
    };
  }

  async close(orderNo: string): Promise<void> {
    const order = await findOrderByNo(this.db, orderNo);
    if (order) await this.record(orderNo, 'closed', order.amount_fen);
  }

  /**
   * Refunds like a real channel: only a paid trade, never more than was paid in all, and the
   * refund number makes it idempotent (the same number answers the refund it made, and refuses
   * another amount or order under it).
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const refused = (reason: string): RefundResult => ({
      refundNo: request.refundNo,
      channelRefundNo: null,
      outcome: 'failed',
      reason,
      raw: JSON.stringify({ refundNo: request.refundNo, result: 'failed', reason }),
    });
    const made = (row: { refund_id: string; amount_fen: number; order_no: string }): RefundResult =>
      row.order_no !== request.orderNo || row.amount_fen !== request.amountFen
        ? refused('REFUND_NO_REUSED: this refund number was used for another order or amount')
        : {
            refundNo: request.refundNo,
            channelRefundNo: row.refund_id,
            outcome: 'succeeded',
            reason: null,
            raw: JSON.stringify({ refundNo: request.refundNo, refundId: row.refund_id, orderNo: row.order_no, amountFen: row.amount_fen, result: 'succeeded' }),
          };
    return this.db.transaction().execute(async (trx) => {
      // The payment's row is the lock that puts refunds of one trade in a line.
      const payment = await lockSandboxPayment(trx, request.orderNo);
      const existing = await findSandboxRefund(trx, request.refundNo);
      if (existing) return made(existing);
      if (!payment || payment.result !== 'paid') return refused('TRADE_NOT_PAID: the trade was not paid');
      if ((await sumSandboxRefunds(trx, request.orderNo)) + request.amountFen > payment.amount_fen) {
        return refused('REFUND_AMOUNT_EXCEEDED: more than was paid and not yet refunded');
      }
      const row = { refund_no: request.refundNo, order_no: request.orderNo, amount_fen: request.amountFen, refund_id: `SBXR${randomBytes(10).toString('hex').toUpperCase()}`, created_at: this.clock() };
      await insertSandboxRefund(trx, row);
      return made(row);
    });
  }

  /** The sandbox's bill of a China day, from its own records: payments made at its checkout, refunds it made. */
  async tradeBill(chinaDay: string): Promise<TradeBillLine[]> {
    const from = new Date(`${chinaDay}T00:00:00+08:00`);
    const to = new Date(from.getTime() + 86_400_000);
    const { payments, refunds } = await findSandboxBill(this.db, from, to);
    const tradeNos = await findSandboxTradeNos(this.db, refunds.map((row) => row.order_no));
    return [
      ...payments.map((row): TradeBillLine => ({ type: 'payment', orderNo: row.order_no, channelTradeNo: row.trade_no, refundNo: null, amountFen: row.amount_fen, at: new Date(row.created_at) })),
      ...refunds.map((row): TradeBillLine => ({ type: 'refund', orderNo: row.order_no, channelTradeNo: tradeNos.get(row.order_no) ?? null, refundNo: row.refund_no, amountFen: row.amount_fen, at: new Date(row.created_at) })),
    ];
  }

  acknowledge(): ChannelReply {
    return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ success: true, data: { received: true } }) };
  }

  refuse(code: string, message: string, status: number): ChannelReply {
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ success: false, code, message }) };
  }
}
