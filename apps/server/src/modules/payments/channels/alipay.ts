import { AlipaySdk, type AlipaySdkCommonResult } from 'alipay-sdk';
import {
  type ChannelOutcome,
  type ChannelReply,
  type ChannelResult,
  ChannelError,
  chinaTime,
  fenToYuan,
  type IncomingNotification,
  type MobilePayment,
  type MobilePaymentRequest,
  NotificationRejected,
  type PaymentChannelAdapter,
  type QrPaymentRequest,
  type RefundQuery,
  type RefundRequest,
  type RefundResult,
  type TradeBillLine,
  yuanToFen,
} from './channel.js';
import { alipayBillDetail, parseAlipayTradeBill } from './bill-files.js';

export interface AlipaySettings {
  appId: string;
  /** The app's RSA private key (PEM, PKCS#8): signs our requests. */
  privateKey: string;
  /** Alipay's RSA public key (PEM): checks Alipay's answers and notifications. */
  alipayPublicKey: string;
  gateway: string;
  timeoutMs?: number;
  /** The time each request states in its `timestamp`. */
  clock?: () => Date;
}

const SUCCESS = '10000';
const TRADE_NOT_EXIST = 'ACQ.TRADE_NOT_EXIST';
/** refund_status of alipay.trade.fastpay.refund.query once the money is back; absent until then. */
const REFUND_SUCCESS = 'REFUND_SUCCESS';
/** Refusals of alipay.trade.refund that mean "try again later", not "no". */
const REFUND_RETRY_CODES = new Set(['ACQ.SYSTEM_ERROR', 'aop.ACQ.SYSTEM_ERROR', 'ACQ.REFUND_CHARGE_ERROR', 'isp.unknow-error']);

/** trade_status of alipay.trade.query and of notifications. */
function outcomeOf(tradeStatus: unknown): ChannelOutcome {
  switch (tradeStatus) {
    case 'TRADE_SUCCESS':
    case 'TRADE_FINISHED':
      return 'paid';
    case 'TRADE_CLOSED':
      return 'closed';
    default:
      return 'pending';
  }
}

function text(value: unknown): string | null {
  return typeof value === 'string' && value !== '' ? value : null;
}

/**
 * Alipay face-to-face payment (当面付): `alipay.trade.precreate` gives the QR code, the
 * asynchronous notification (form-encoded, RSA2-signed) tells the result, `alipay.trade.query`
 * and `alipay.trade.close` reconcile; `alipay.trade.refund` refunds and
 * `alipay.trade.fastpay.refund.query` confirms a refund. Every answer's signature is checked by the SDK.
 */
export class AlipayChannel implements PaymentChannelAdapter {
  readonly key = 'alipay' as const;
  private readonly sdk: AlipaySdk;
  private readonly clock: () => Date;

  constructor(private readonly settings: AlipaySettings) {
    this.clock = settings.clock ?? (() => new Date());
    this.sdk = new AlipaySdk({
      appId: settings.appId,
      privateKey: settings.privateKey,
      keyType: 'PKCS8',
      alipayPublicKey: settings.alipayPublicKey,
      gateway: settings.gateway,
      timeout: settings.timeoutMs ?? 10_000,
      camelcase: false,
    });
  }

  private async exec(method: string, params: Record<string, unknown>): Promise<AlipaySdkCommonResult> {
    // Left to itself the SDK writes the host's local time, but Alipay reads `timestamp` as
    // Beijing time and refuses a request more than 30 minutes off: a UTC host would be 8 hours out.
    const now = chinaTime(this.clock());
    try {
      return await this.sdk.exec(method, { ...params, timestamp: `${now.date} ${now.time}` }, { validateSign: true });
    } catch (error) {
      throw new ChannelError(`Alipay ${method} failed: ${(error as Error).message}`, undefined, { cause: error });
    }
  }

  private refused(method: string, result: AlipaySdkCommonResult): ChannelError {
    const code = text(result.sub_code) ?? text(result.code) ?? 'unknown';
    const message = text(result.sub_msg) ?? text(result.msg) ?? '';
    return new ChannelError(`Alipay refused ${method}: ${code} ${message}`.trim(), code);
  }

  async createQrPayment(request: QrPaymentRequest): Promise<string> {
    const expires = chinaTime(request.expiresAt);
    const result = await this.exec('alipay.trade.precreate', {
      notify_url: request.notifyUrl,
      bizContent: {
        out_trade_no: request.orderNo,
        total_amount: fenToYuan(request.amountFen),
        subject: request.subject.slice(0, 256),
        // Alipay reads times in China Standard Time.
        time_expire: `${expires.date} ${expires.time}`,
      },
    });
    const qrCode = text(result.qr_code);
    if (result.code !== SUCCESS || !qrCode) throw this.refused('alipay.trade.precreate', result);
    return qrCode;
  }

  /**
   * `alipay.trade.wap.pay`: the payer's phone opens Alipay's cashier page at the address the SDK
   * signs (method GET: a URL, nothing sent to Alipay yet); return_url brings them back to the
   * app, quit_url when they leave without paying. The notification and query settle it as a QR
   * payment's. Alipay has no JSAPI: inside WeChat a payer is given the same page.
   */
  createMobilePayment(request: MobilePaymentRequest): Promise<MobilePayment> {
    const now = chinaTime(this.clock());
    const expires = chinaTime(request.expiresAt);
    let redirectUrl: string;
    try {
      redirectUrl = this.sdk.pageExecute('alipay.trade.wap.pay', 'GET', {
        notifyUrl: request.notifyUrl,
        returnUrl: request.returnUrl,
        // Beijing time, as for every call (the SDK would write the host's local time).
        timestamp: `${now.date} ${now.time}`,
        bizContent: {
          out_trade_no: request.orderNo,
          total_amount: fenToYuan(request.amountFen),
          subject: request.subject.slice(0, 256),
          product_code: 'QUICK_WAP_WAY',
          time_expire: `${expires.date} ${expires.time}`,
          quit_url: request.quitUrl,
        },
      });
    } catch (error) {
      return Promise.reject(new ChannelError(`Alipay alipay.trade.wap.pay failed: ${(error as Error).message}`, undefined, { cause: error }));
    }
    return Promise.resolve({ mode: 'wap', redirectUrl });
  }

  verifyNotification(notification: IncomingNotification): ChannelResult {
    const raw = notification.body.toString('utf8');
    const params = Object.fromEntries(new URLSearchParams(raw));
    const claimed = { orderNo: params.out_trade_no, channelTradeNo: params.trade_no };
    if (!params.sign || !this.sdk.checkNotifySignV2(params)) {
      throw new NotificationRejected('Alipay notification signature does not verify', claimed);
    }
    if (params.app_id !== this.settings.appId) {
      throw new NotificationRejected(`Alipay notification is for another app (${params.app_id ?? 'none'})`, claimed);
    }
    const orderNo = text(params.out_trade_no);
    if (!orderNo) throw new NotificationRejected('Alipay notification names no order', claimed);
    return {
      orderNo,
      channelTradeNo: text(params.trade_no),
      amountFen: yuanToFen(params.total_amount),
      outcome: outcomeOf(params.trade_status),
      reason: null,
      raw,
    };
  }

  async query(orderNo: string): Promise<ChannelResult | null> {
    const result = await this.exec('alipay.trade.query', { bizContent: { out_trade_no: orderNo } });
    // A precreated trade exists at Alipay only once the payer has scanned the code.
    if (result.sub_code === TRADE_NOT_EXIST) return null;
    if (result.code !== SUCCESS) throw this.refused('alipay.trade.query', result);
    if (result.out_trade_no !== orderNo) throw new ChannelError(`Alipay answered about another order (${String(result.out_trade_no)})`);
    return {
      orderNo,
      channelTradeNo: text(result.trade_no),
      amountFen: yuanToFen(text(result.total_amount)),
      outcome: outcomeOf(result.trade_status),
      reason: null,
      raw: JSON.stringify(result),
    };
  }

  async close(orderNo: string): Promise<void> {
    const result = await this.exec('alipay.trade.close', { bizContent: { out_trade_no: orderNo } });
    if (result.code !== SUCCESS && result.sub_code !== TRADE_NOT_EXIST) throw this.refused('alipay.trade.close', result);
  }

  /**
   * `alipay.trade.refund`: out_request_no is the refund number, so sending the same refund again
   * is safe. Code 10000 says Alipay took the request, not that the money moved: `fund_change` Y
   * says it moved now. N is a refund not (yet) made, or one an earlier request with the same
   * number already made (a retry is answered N too), so the refund query decides; until it says
   * REFUND_SUCCESS the refund is `processing`. Every answer's signature is checked.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const result = await this.exec('alipay.trade.refund', {
      bizContent: {
        out_trade_no: request.orderNo,
        refund_amount: fenToYuan(request.amountFen),
        out_request_no: request.refundNo,
        refund_reason: request.reason.slice(0, 256),
      },
    });
    const raw = JSON.stringify(result);
    if (result.code === SUCCESS) {
      if (result.out_trade_no !== undefined && result.out_trade_no !== request.orderNo) {
        throw new ChannelError(`Alipay answered a refund about another order (${String(result.out_trade_no)})`);
      }
      if (result.fund_change === 'Y') {
        return { refundNo: request.refundNo, channelRefundNo: text(result.trade_no), outcome: 'succeeded', reason: null, raw };
      }
      const asked = await this.queryRefund(request);
      return { ...asked, channelRefundNo: asked.channelRefundNo ?? text(result.trade_no), raw: `[${raw},${asked.raw}]` };
    }
    const code = text(result.sub_code) ?? text(result.code) ?? 'unknown';
    if (REFUND_RETRY_CODES.has(code) || result.code === '20000') throw this.refused('alipay.trade.refund', result);
    return {
      refundNo: request.refundNo,
      channelRefundNo: null,
      outcome: 'failed',
      reason: `${code} ${text(result.sub_msg) ?? text(result.msg) ?? ''}`.trim(),
      raw,
    };
  }

  /**
   * `alipay.trade.fastpay.refund.query`: REFUND_SUCCESS is the money back. An answer without it
   * is a refund not received or not done yet: still `processing` (sending the same refund
   * number again retries it). The query never says a refund failed for good.
   */
  async queryRefund(query: RefundQuery): Promise<RefundResult> {
    const result = await this.exec('alipay.trade.fastpay.refund.query', {
      bizContent: {
        out_trade_no: query.orderNo,
        out_request_no: query.refundNo,
        // Newer API versions leave the refund's time out unless asked for it.
        query_options: ['gmt_refund_pay'],
      },
    });
    if (result.code !== SUCCESS) throw this.refused('alipay.trade.fastpay.refund.query', result);
    const raw = JSON.stringify(result);
    if (result.refund_status !== REFUND_SUCCESS) {
      return { refundNo: query.refundNo, channelRefundNo: null, outcome: 'processing', reason: null, raw };
    }
    const orderNo = text(result.out_trade_no);
    const refundNo = text(result.out_request_no);
    const amountFen = yuanToFen(text(result.refund_amount));
    if ((orderNo !== null && orderNo !== query.orderNo) || (refundNo !== null && refundNo !== query.refundNo)) {
      throw new ChannelError(`Alipay answered a refund query about another refund (${String(orderNo)} ${String(refundNo)})`);
    }
    if (amountFen !== null && amountFen !== query.amountFen) {
      throw new ChannelError(`Alipay says refund ${query.refundNo} gave back ${amountFen} fen, not ${query.amountFen}`);
    }
    return { refundNo: query.refundNo, channelRefundNo: text(result.trade_no), outcome: 'succeeded', reason: null, raw };
  }

  /**
   * `alipay.data.dataservice.bill.downloadurl.query` (bill_type trade) gives a short-lived
   * address of the day's bill: a zip whose detail CSV (GBK) lists every trade and refund.
   * isp.bill_not_exist is a day with no trades.
   */
  async tradeBill(chinaDay: string): Promise<TradeBillLine[]> {
    const result = await this.exec('alipay.data.dataservice.bill.downloadurl.query', { bizContent: { bill_type: 'trade', bill_date: chinaDay } });
    if (result.code !== SUCCESS && text(result.sub_code) === 'isp.bill_not_exist') return [];
    const address = text(result.bill_download_url);
    if (result.code !== SUCCESS || !address) throw this.refused('alipay.data.dataservice.bill.downloadurl.query', result);
    let archive: Buffer;
    try {
      const response = await fetch(address, { signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000) });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      archive = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new ChannelError(`Alipay bill download failed: ${(error as Error).message}`, undefined, { cause: error });
    }
    try {
      return parseAlipayTradeBill(alipayBillDetail(archive));
    } catch (error) {
      throw new ChannelError(`Alipay bill cannot be read: ${(error as Error).message}`);
    }
  }

  acknowledge(): ChannelReply {
    // Alipay stops retrying only on this exact plain-text answer.
    return { status: 200, contentType: 'text/plain; charset=utf-8', body: 'success' };
  }

  refuse(code: string, message: string, status: number): ChannelReply {
    return { status, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ success: false, code, message }) };
  }
}
