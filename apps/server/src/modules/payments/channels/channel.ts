import type { IncomingHttpHeaders } from 'node:http';

/** Which adapter: the two real channels, or the sandbox that stands in for them. */
export type ChannelKey = 'alipay' | 'wechat' | 'sandbox';

/** What the channel says became of a payment. `pending`: nothing final yet (not paid, not closed). */
export type ChannelOutcome = 'paid' | 'failed' | 'closed' | 'pending';

/** A channel's word about one order, from a verified notification or an answer to our query. */
export interface ChannelResult {
  orderNo: string;
  /** The channel's own number for the trade, when it has one. */
  channelTradeNo: string | null;
  /** What the channel says was paid, in fen; null when it does not say. */
  amountFen: number | null;
  outcome: ChannelOutcome;
  /** The channel's own words about a failure, for failureReason. */
  reason: string | null;
  /** The notification body or query answer as received, for the record. */
  raw: string;
  /** Set when the notification tells a refund's result (WeChat Pay REFUND.*), not a payment's. */
  refund?: RefundNotice;
}

/** A channel's verified word about a refund's result. */
export interface RefundNotice {
  refundNo: string;
  channelRefundNo: string | null;
  /** succeeded (REFUND.SUCCESS), failed (REFUND.ABNORMAL, REFUND.CLOSED). */
  outcome: 'succeeded' | 'failed';
  amountFen: number | null;
  reason: string | null;
}

/** One line of a channel's trade bill for a day: a payment or a refund as the channel counts it. */
export interface TradeBillLine {
  type: 'payment' | 'refund';
  /** Our order number (out_trade_no). */
  orderNo: string;
  channelTradeNo: string | null;
  /** Our refund number (out_refund_no / out_request_no), for refunds. */
  refundNo: string | null;
  /** Always positive: what was paid, or what was refunded. */
  amountFen: number;
  /** When the channel says it happened. */
  at: Date;
}

export interface IncomingNotification {
  /** The body exactly as received: signatures cover these bytes. */
  body: Buffer;
  headers: IncomingHttpHeaders;
}

/** What a channel needs to open a QR payment for an order. */
export interface QrPaymentRequest {
  orderNo: string;
  amountFen: number;
  /** Shown to the payer by the channel (the plan's name). */
  subject: string;
  expiresAt: Date;
  /** Where the channel posts its notification. */
  notifyUrl: string;
  /** This server's address as the member reached it (the sandbox's QR code points back to it). */
  origin: string;
}

/** What a channel needs to open a payment on the payer's own phone (its page, or WeChat's JSAPI). */
export interface MobilePaymentRequest extends QrPaymentRequest {
  mode: 'wap' | 'jsapi';
  /** The app's page the channel sends the payer back to (paid or not). */
  returnUrl: string;
  /** Where Alipay's page leads when the payer leaves it without paying. */
  quitUrl: string;
  /** The payer's address, as WeChat Pay H5 asks (scene_info.payer_client_ip). */
  payerIp: string;
  /** The payer's openid for the official account; WeChat Pay JSAPI needs it. */
  openid: string | null;
}

/** WeixinJSBridge `getBrandWCPayRequest` parameters. */
export interface JsapiParams {
  appId: string;
  timeStamp: string;
  nonceStr: string;
  package: string;
  signType: 'RSA';
  paySign: string;
}

/** A payment opened on the phone: the channel's page to go to, or the JSAPI parameters to pay with. */
export type MobilePayment = { mode: 'wap'; redirectUrl: string } | { mode: 'jsapi'; jsapiParams: JsapiParams };

/** A refund of (part of) a paid order, idempotent at the channel by its refund number. */
export interface RefundRequest {
  orderNo: string;
  /** out_refund_no / out_request_no: the same number is the same refund, however often sent. */
  refundNo: string;
  amountFen: number;
  /** What the order was paid, in fen (WeChat Pay asks for it). */
  totalFen: number;
  reason: string;
  /** Where the channel posts the refund's result, when it notifies one (WeChat Pay). */
  notifyUrl?: string;
}

/** Which refund to ask a channel about. */
export interface RefundQuery {
  orderNo: string;
  refundNo: string;
  /** What the refund gives back, in fen: an answer about another amount is not about this refund. */
  amountFen: number;
}

/** What the channel says of a refund. `processing`: accepted, the money not yet known to be back. */
export type RefundOutcome = 'succeeded' | 'processing' | 'failed';

export interface RefundResult {
  refundNo: string;
  /** The channel's own number for the refund, when it gives one. */
  channelRefundNo: string | null;
  outcome: RefundOutcome;
  /** The channel's words about a failure. */
  reason: string | null;
  /** The answer as received, for the record. */
  raw: string;
}

/** How a channel wants a notification acknowledged. */
export interface ChannelReply {
  status: number;
  contentType: string;
  body: string;
}

/**
 * One payment channel. Real channels talk to their API; the sandbox to its own table. All of
 * them are driven by the same service code, so the sandbox exercises the real path.
 */
export interface PaymentChannelAdapter {
  readonly key: ChannelKey;
  /** Opens a payment and returns what the QR code should encode. Throws ChannelError. */
  createQrPayment(request: QrPaymentRequest): Promise<string>;
  /**
   * Opens a payment on the payer's phone: `wap` the channel's page in a mobile browser, `jsapi`
   * WeChat Pay inside WeChat. Asking again for the same order gives the same payment anew.
   * Throws ChannelError (also for a mode the channel does not have).
   */
  createMobilePayment(request: MobilePaymentRequest): Promise<MobilePayment>;
  /** Checks a notification's signature and reads it. Throws NotificationRejected when forged or malformed. */
  verifyNotification(notification: IncomingNotification): ChannelResult;
  /** Asks the channel about an order; null when the channel has no trade for it (not scanned or paid yet). */
  query(orderNo: string): Promise<ChannelResult | null>;
  /** Closes the channel's trade so that it can no longer be paid; a trade it never had is fine. */
  close(orderNo: string): Promise<void>;
  /**
   * Refunds (part of) a paid order. A business refusal (refunded too much, trade not paid) is a
   * `failed` result; a channel that cannot be reached or answers unsigned throws ChannelError,
   * and sending the same refund number again is safe.
   */
  refund(request: RefundRequest): Promise<RefundResult>;
  /**
   * Asks the channel what became of a refund it has not confirmed (Alipay's
   * alipay.trade.fastpay.refund.query): `succeeded` once it says the money went back, else
   * `processing`. Channels that notify refund results themselves (WeChat Pay) have none. Throws
   * ChannelError when the channel cannot be reached or answers unsigned.
   */
  queryRefund?(query: RefundQuery): Promise<RefundResult>;
  /**
   * The channel's trade bill of a day (YYYY-MM-DD in China Standard Time, as both channels cut
   * their bills): every payment and refund it counted. An empty day is an empty list; a bill not
   * ready yet or a channel that cannot be reached throws ChannelError.
   */
  tradeBill(chinaDay: string): Promise<TradeBillLine[]>;
  /** The answer that tells the channel a notification was taken (so it stops retrying). */
  acknowledge(): ChannelReply;
  /** The answer that asks the channel to retry later (or tells a forger no). */
  refuse(code: string, message: string, status: number): ChannelReply;
}

/** The channel refused a call or could not be reached. */
export class ChannelError extends Error {
  constructor(
    message: string,
    readonly channelCode?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'ChannelError';
  }
}

/** A notification that is forged, tampered with, stale or not for this merchant. */
export class NotificationRejected extends Error {
  constructor(
    message: string,
    /** What could be read of it anyway, for the record. */
    readonly claimed: { orderNo?: string | undefined; channelTradeNo?: string | undefined } = {},
  ) {
    super(message);
    this.name = 'NotificationRejected';
  }
}

/** "12.30" yuan as 1230 fen, exactly; null for anything that is not a plain amount. */
export function yuanToFen(yuan: string | undefined | null): number | null {
  if (typeof yuan !== 'string') return null;
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(yuan.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

export function fenToYuan(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

/** The wall-clock fields of an instant in China Standard Time (UTC+8, no daylight saving), as both channels read times. */
export function chinaTime(instant: Date): { date: string; time: string } {
  const shifted = new Date(instant.getTime() + 8 * 3_600_000).toISOString();
  return { date: shifted.slice(0, 10), time: shifted.slice(11, 19) };
}

/** A China Standard Time wall-clock time ('2026-01-15 12:00:05', or ISO with +08:00) as an instant; null when it is not one. */
export function fromChinaTime(text: string): Date | null {
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})/.exec(text.trim());
  if (!match) return null;
  const instant = new Date(`${match[1]}T${match[2]}+08:00`);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

export function headerValue(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
}
