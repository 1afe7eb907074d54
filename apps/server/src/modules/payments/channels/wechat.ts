import { createDecipheriv, createHash, createSign, createVerify, randomBytes } from 'node:crypto';
import { z } from 'zod';
import {
  type ChannelOutcome,
  type ChannelReply,
  type ChannelResult,
  ChannelError,
  chinaTime,
  headerValue,
  type IncomingNotification,
  type JsapiParams,
  type MobilePayment,
  type MobilePaymentRequest,
  NotificationRejected,
  type PaymentChannelAdapter,
  type QrPaymentRequest,
  type RefundOutcome,
  type RefundRequest,
  type RefundResult,
  type TradeBillLine,
} from './channel.js';
import { parseWechatTradeBill } from './bill-files.js';

export interface WechatSettings {
  mchId: string;
  appId: string;
  /** Serial number of the merchant API certificate whose private key signs our requests. */
  serialNo: string;
  /** The merchant's RSA private key (PEM). */
  privateKey: string;
  /** 32 characters; decrypts notification resources. */
  apiV3Key: string;
  /** The WeChat Pay public key (PEM) that signs answers and notifications. */
  platformPublicKey: string;
  apiBase: string;
  /** The official account's app id JSAPI payments are made under (its openids); appId when not given. */
  jsapiAppId?: string | undefined;
  timeoutMs?: number;
  clock?: () => Date;
}

const AUTH_SCHEME = 'WECHATPAY2-SHA256-RSA2048';
/** Notifications older or newer than this are refused as replays. */
const MAX_CLOCK_SKEW_SECONDS = 300;

const transactionSchema = z.object({
  mchid: z.string().optional(),
  appid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  trade_state: z.string(),
  trade_state_desc: z.string().optional(),
  amount: z.object({ total: z.number().int().optional(), payer_total: z.number().int().optional() }).optional(),
});
type Transaction = z.infer<typeof transactionSchema>;

const notificationSchema = z.object({
  id: z.string().optional(),
  event_type: z.string(),
  resource_type: z.string().optional(),
  resource: z.object({
    algorithm: z.literal('AEAD_AES_256_GCM'),
    ciphertext: z.string().min(1),
    associated_data: z.string().optional(),
    nonce: z.string().min(1),
    original_type: z.string().optional(),
  }),
});

const refundSchema = z.object({
  refund_id: z.string().optional(),
  out_refund_no: z.string(),
  out_trade_no: z.string().optional(),
  status: z.string(),
  amount: z.object({ refund: z.number().int(), total: z.number().int().optional() }).optional(),
});

/** The resource of a refund result notification (REFUND.SUCCESS, REFUND.ABNORMAL, REFUND.CLOSED). */
const refundNoticeSchema = z.object({
  mchid: z.string().optional(),
  out_trade_no: z.string(),
  transaction_id: z.string().optional(),
  out_refund_no: z.string().min(1),
  refund_id: z.string().optional(),
  refund_status: z.string(),
  amount: z.object({ refund: z.number().int(), total: z.number().int().optional() }).optional(),
});

const tradeBillAnswerSchema = z.object({
  hash_type: z.string(),
  hash_value: z.string(),
  download_url: z.url(),
});

/** status of a refund: SUCCESS, PROCESSING, CLOSED (refused, money not sent), ABNORMAL (needs the merchant). */
function refundOutcomeOf(status: string): RefundOutcome {
  switch (status) {
    case 'SUCCESS':
      return 'succeeded';
    case 'CLOSED':
    case 'ABNORMAL':
      return 'failed';
    default:
      return 'processing';
  }
}

/** trade_state of a transaction. REFUND means it was paid (and refunded since): paid as far as crediting goes. */
function outcomeOf(tradeState: string): ChannelOutcome {
  switch (tradeState) {
    case 'SUCCESS':
    case 'REFUND':
      return 'paid';
    case 'CLOSED':
    case 'REVOKED':
      return 'closed';
    case 'PAYERROR':
      return 'failed';
    default:
      return 'pending';
  }
}

/** Signs a message the way WeChat Pay API v3 does: RSA-SHA256, base64. */
export function signMessage(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

export function verifyMessage(publicKey: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Decrypts a notification's `resource`: AES-256-GCM under the APIv3 key, the tag being the ciphertext's last 16 bytes. */
export function decryptResource(
  apiV3Key: string,
  resource: { ciphertext: string; nonce: string; associated_data?: string | undefined },
): string {
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length <= 16) throw new Error('ciphertext too short');
  const decipher = createDecipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(resource.nonce, 'utf8'));
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString('utf8');
}

/**
 * WeChat Pay API v3, Native payment: `POST /v3/pay/transactions/native` gives the code_url the
 * QR code encodes; the notification (JSON, signed in the Wechatpay-* headers, resource
 * encrypted with the APIv3 key) tells the result; query and close by our order number.
 * Requests are signed with the merchant key; answers are checked against the WeChat Pay key.
 */
export class WechatChannel implements PaymentChannelAdapter {
  readonly key = 'wechat' as const;
  private readonly clock: () => Date;

  constructor(private readonly settings: WechatSettings) {
    this.clock = settings.clock ?? (() => new Date());
  }

  /** The Authorization header of a request (method, path with query, timestamp, nonce, body). */
  authorization(method: string, pathWithQuery: string, body: string): string {
    const timestamp = String(Math.floor(this.clock().getTime() / 1000));
    const nonce = randomBytes(16).toString('hex');
    const signature = signMessage(this.settings.privateKey, `${method}\n${pathWithQuery}\n${timestamp}\n${nonce}\n${body}\n`);
    return `${AUTH_SCHEME} mchid="${this.settings.mchId}",nonce_str="${nonce}",signature="${signature}",timestamp="${timestamp}",serial_no="${this.settings.serialNo}"`;
  }

  /** Checks the Wechatpay-Signature of a body, read with its Wechatpay-Timestamp and Wechatpay-Nonce. */
  private signatureValid(header: (name: string) => string | undefined, body: string): boolean {
    const timestamp = header('wechatpay-timestamp');
    const nonce = header('wechatpay-nonce');
    const signature = header('wechatpay-signature');
    if (!timestamp || !nonce || !signature) return false;
    return verifyMessage(this.settings.platformPublicKey, `${timestamp}\n${nonce}\n${body}\n`, signature);
  }

  private async request(
    method: 'GET' | 'POST',
    pathWithQuery: string,
    body?: Record<string, unknown>,
  ): Promise<{ status: number; json: Record<string, unknown> | null }> {
    const url = new URL(`${this.settings.apiBase}${pathWithQuery}`);
    const text = body === undefined ? '' : JSON.stringify(body);
    let response: Response;
    try {
      response = await fetch(url, {
        method,
        headers: {
          authorization: this.authorization(method, `${url.pathname}${url.search}`, text),
          accept: 'application/json',
          'user-agent': 'short-drama-server',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: text }),
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new ChannelError(`WeChat Pay ${method} ${url.pathname} failed: ${(error as Error).message}`, undefined, { cause: error });
    }
    const answer = await response.text();
    if (answer === '') return { status: response.status, json: null };
    // Only answers to requests WeChat Pay accepted are signed; a refusal's body is read but never trusted for money.
    if (response.ok && !this.signatureValid((name) => response.headers.get(name) ?? undefined, answer)) {
      throw new ChannelError(`WeChat Pay answer to ${method} ${url.pathname} has no valid signature`);
    }
    try {
      return { status: response.status, json: JSON.parse(answer) as Record<string, unknown> };
    } catch {
      throw new ChannelError(`WeChat Pay answered ${method} ${url.pathname} with something that is not JSON`);
    }
  }

  private refused(what: string, answer: { status: number; json: Record<string, unknown> | null }): ChannelError {
    const code = typeof answer.json?.code === 'string' ? answer.json.code : `HTTP_${answer.status}`;
    const message = typeof answer.json?.message === 'string' ? answer.json.message : '';
    return new ChannelError(`WeChat Pay refused ${what}: ${code} ${message}`.trim(), code);
  }

  private result(transaction: Transaction, raw: string): ChannelResult {
    return {
      orderNo: transaction.out_trade_no,
      channelTradeNo: transaction.transaction_id ?? null,
      amountFen: transaction.amount?.total ?? null,
      outcome: outcomeOf(transaction.trade_state),
      reason: transaction.trade_state_desc ?? null,
      raw,
    };
  }

  /** The fields every v3 transaction call (native, H5, JSAPI) opens with. */
  private transaction(request: QrPaymentRequest, appid: string) {
    const expires = chinaTime(request.expiresAt);
    return {
      appid,
      mchid: this.settings.mchId,
      description: request.subject.slice(0, 127),
      out_trade_no: request.orderNo,
      time_expire: `${expires.date}T${expires.time}+08:00`,
      notify_url: request.notifyUrl,
      amount: { total: request.amountFen, currency: 'CNY' },
    };
  }

  async createQrPayment(request: QrPaymentRequest): Promise<string> {
    const answer = await this.request('POST', '/v3/pay/transactions/native', this.transaction(request, this.settings.appId));
    const codeUrl = answer.json?.code_url;
    if (answer.status !== 200 || typeof codeUrl !== 'string' || codeUrl === '') throw this.refused('native payment', answer);
    return codeUrl;
  }

  /**
   * H5 (`POST /v3/pay/transactions/h5`, with the payer's address in scene_info) gives an h5_url
   * the phone's browser opens, with redirect_url back to the app; JSAPI
   * (`POST /v3/pay/transactions/jsapi`, for the payer's openid) gives a prepay_id, from which the
   * parameters of WeixinJSBridge's getBrandWCPayRequest are signed with the merchant key:
   * RSA-SHA256 over `appId\ntimeStamp\nnonceStr\nprepay_id=...\n`.
   */
  async createMobilePayment(request: MobilePaymentRequest): Promise<MobilePayment> {
    const appid = request.mode === 'jsapi' ? (this.settings.jsapiAppId ?? this.settings.appId) : this.settings.appId;
    const common = this.transaction(request, appid);
    if (request.mode === 'wap') {
      const answer = await this.request('POST', '/v3/pay/transactions/h5', {
        ...common,
        scene_info: { payer_client_ip: request.payerIp, h5_info: { type: 'Wap' } },
      });
      const h5Url = answer.json?.h5_url;
      if (answer.status !== 200 || typeof h5Url !== 'string' || !/^https?:\/\//.test(h5Url)) throw this.refused('H5 payment', answer);
      return { mode: 'wap', redirectUrl: `${h5Url}${h5Url.includes('?') ? '&' : '?'}redirect_url=${encodeURIComponent(request.returnUrl)}` };
    }
    if (!request.openid) throw new ChannelError('WeChat Pay JSAPI needs the payer’s openid');
    const answer = await this.request('POST', '/v3/pay/transactions/jsapi', { ...common, payer: { openid: request.openid } });
    const prepayId = answer.json?.prepay_id;
    if (answer.status !== 200 || typeof prepayId !== 'string' || prepayId === '') throw this.refused('JSAPI payment', answer);
    return { mode: 'jsapi', jsapiParams: this.jsapiParams(appid, prepayId) };
  }

  /** The signed parameters of getBrandWCPayRequest for a prepay_id. */
  jsapiParams(appId: string, prepayId: string): JsapiParams {
    const timeStamp = String(Math.floor(this.clock().getTime() / 1000));
    const nonceStr = randomBytes(16).toString('hex');
    const pkg = `prepay_id=${prepayId}`;
    const paySign = signMessage(this.settings.privateKey, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
    return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
  }

  verifyNotification(notification: IncomingNotification): ChannelResult {
    const body = notification.body.toString('utf8');
    if (!this.signatureValid((name) => headerValue(notification.headers, name), body)) {
      throw new NotificationRejected('WeChat Pay notification signature does not verify');
    }
    const timestamp = Number(headerValue(notification.headers, 'wechatpay-timestamp'));
    if (Math.abs(this.clock().getTime() / 1000 - timestamp) > MAX_CLOCK_SKEW_SECONDS) {
      throw new NotificationRejected('WeChat Pay notification is too old or from the future');
    }
    let plaintext: string;
    let eventType: string;
    try {
      const parsed = notificationSchema.parse(JSON.parse(body));
      eventType = parsed.event_type;
      plaintext = decryptResource(this.settings.apiV3Key, parsed.resource);
    } catch (error) {
      throw new NotificationRejected(`WeChat Pay notification cannot be read: ${(error as Error).message}`);
    }
    if (eventType.startsWith('REFUND.')) return this.refundNotice(eventType, plaintext);
    let transaction: Transaction;
    try {
      transaction = transactionSchema.parse(JSON.parse(plaintext));
    } catch (error) {
      throw new NotificationRejected(`WeChat Pay notification cannot be read: ${(error as Error).message}`);
    }
    const claimed = { orderNo: transaction.out_trade_no, channelTradeNo: transaction.transaction_id };
    const appIds = [this.settings.appId, this.settings.jsapiAppId ?? this.settings.appId];
    if (transaction.mchid !== this.settings.mchId || !appIds.includes(transaction.appid ?? '')) {
      throw new NotificationRejected('WeChat Pay notification is for another merchant or app', claimed);
    }
    const result = this.result(transaction, JSON.stringify({ event_type: eventType, resource: JSON.parse(plaintext) as unknown }));
    // Only payment results settle an order; other events are taken and kept.
    return eventType.startsWith('TRANSACTION.') ? result : { ...result, outcome: 'pending' };
  }

  /**
   * A refund's result (REFUND.SUCCESS: the money is back; REFUND.ABNORMAL: it could not reach the
   * payer; REFUND.CLOSED: closed unpaid). It never settles a payment (outcome pending); its
   * `refund` says what became of the refund.
   */
  private refundNotice(eventType: string, plaintext: string): ChannelResult {
    let notice: z.infer<typeof refundNoticeSchema>;
    try {
      notice = refundNoticeSchema.parse(JSON.parse(plaintext));
    } catch (error) {
      throw new NotificationRejected(`WeChat Pay refund notification cannot be read: ${(error as Error).message}`);
    }
    const claimed = { orderNo: notice.out_trade_no, channelTradeNo: notice.transaction_id };
    if (notice.mchid !== this.settings.mchId) throw new NotificationRejected('WeChat Pay refund notification is for another merchant', claimed);
    const status = eventType.slice('REFUND.'.length);
    if (status !== notice.refund_status || !['SUCCESS', 'ABNORMAL', 'CLOSED'].includes(status)) {
      throw new NotificationRejected(`WeChat Pay refund notification ${eventType} says ${notice.refund_status}`, claimed);
    }
    return {
      orderNo: notice.out_trade_no,
      channelTradeNo: notice.transaction_id ?? null,
      amountFen: null,
      outcome: 'pending',
      reason: null,
      raw: JSON.stringify({ event_type: eventType, resource: JSON.parse(plaintext) as unknown }),
      refund: {
        refundNo: notice.out_refund_no,
        channelRefundNo: notice.refund_id ?? null,
        outcome: status === 'SUCCESS' ? 'succeeded' : 'failed',
        amountFen: notice.amount?.refund ?? null,
        reason: status === 'SUCCESS' ? null : `WeChat Pay refund ${status}`,
      },
    };
  }

  /**
   * `GET /v3/bill/tradebill?bill_date=...&bill_type=ALL` (signed, its answer signed) gives a
   * download_url and the bill's SHA1; the bill itself is fetched with a signed GET, is not signed,
   * and is checked against that hash instead. NO_STATEMENT_EXIST is a day with no trades.
   */
  async tradeBill(chinaDay: string): Promise<TradeBillLine[]> {
    const answer = await this.request('GET', `/v3/bill/tradebill?bill_date=${encodeURIComponent(chinaDay)}&bill_type=ALL`);
    if (answer.status === 400 && answer.json?.code === 'NO_STATEMENT_EXIST') return [];
    if (answer.status !== 200 || !answer.json) throw this.refused('trade bill', answer);
    const parsed = tradeBillAnswerSchema.safeParse(answer.json);
    if (!parsed.success || parsed.data.hash_type !== 'SHA1') throw new ChannelError('WeChat Pay answered the trade bill with an unexpected answer');
    const url = new URL(parsed.data.download_url);
    let bill: Buffer;
    try {
      const response = await fetch(url, {
        headers: { authorization: this.authorization('GET', `${url.pathname}${url.search}`, ''), 'user-agent': 'short-drama-server' },
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      bill = Buffer.from(await response.arrayBuffer());
    } catch (error) {
      throw new ChannelError(`WeChat Pay bill download failed: ${(error as Error).message}`, undefined, { cause: error });
    }
    if (createHash('sha1').update(bill).digest('hex') !== parsed.data.hash_value.toLowerCase()) {
      throw new ChannelError('WeChat Pay bill does not match its SHA1');
    }
    try {
      return parseWechatTradeBill(bill.toString('utf8'));
    } catch (error) {
      throw new ChannelError(`WeChat Pay bill cannot be read: ${(error as Error).message}`);
    }
  }

  async query(orderNo: string): Promise<ChannelResult | null> {
    const mchid = encodeURIComponent(this.settings.mchId);
    const answer = await this.request('GET', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}?mchid=${mchid}`);
    if (answer.status === 404 && answer.json?.code === 'ORDER_NOT_EXIST') return null;
    if (answer.status !== 200 || !answer.json) throw this.refused('query', answer);
    const parsed = transactionSchema.safeParse(answer.json);
    if (!parsed.success || parsed.data.out_trade_no !== orderNo) {
      throw new ChannelError('WeChat Pay answered a query with an unexpected transaction');
    }
    return this.result(parsed.data, JSON.stringify(answer.json));
  }

  async close(orderNo: string): Promise<void> {
    const answer = await this.request('POST', `/v3/pay/transactions/out-trade-no/${encodeURIComponent(orderNo)}/close`, {
      mchid: this.settings.mchId,
    });
    if (answer.status !== 204 && answer.status !== 200) throw this.refused('close', answer);
  }

  /**
   * `POST /v3/refund/domestic/refunds`, signed like every request; the answer's signature is
   * checked. out_refund_no is the refund number: the same number again answers the same refund
   * (with its status now), which is also how a refund still PROCESSING is asked about again.
   * A refusal in WeChat Pay's terms (4xx with a code) is a failed refund; a 5xx or an unsigned
   * answer throws, to be retried with the same number.
   */
  async refund(request: RefundRequest): Promise<RefundResult> {
    const answer = await this.request('POST', '/v3/refund/domestic/refunds', {
      out_trade_no: request.orderNo,
      out_refund_no: request.refundNo,
      reason: request.reason.slice(0, 80),
      ...(request.notifyUrl ? { notify_url: request.notifyUrl } : {}),
      amount: { refund: request.amountFen, total: request.totalFen, currency: 'CNY' },
    });
    const raw = JSON.stringify(answer.json);
    if (answer.status >= 500 || answer.status === 401 || answer.status === 429) throw this.refused('refund', answer);
    if (answer.status !== 200) {
      const refused = this.refused('refund', answer);
      return { refundNo: request.refundNo, channelRefundNo: null, outcome: 'failed', reason: refused.message, raw };
    }
    const parsed = refundSchema.safeParse(answer.json);
    if (!parsed.success || parsed.data.out_refund_no !== request.refundNo) {
      throw new ChannelError('WeChat Pay answered a refund with an unexpected refund');
    }
    const outcome = refundOutcomeOf(parsed.data.status);
    return {
      refundNo: request.refundNo,
      channelRefundNo: parsed.data.refund_id ?? null,
      outcome,
      reason: outcome === 'failed' ? `WeChat Pay refund ${parsed.data.status}` : null,
      raw,
    };
  }

  acknowledge(): ChannelReply {
    return { status: 200, contentType: 'application/json; charset=utf-8', body: JSON.stringify({ code: 'SUCCESS', message: 'OK' }) };
  }

  refuse(code: string, message: string, status: number): ChannelReply {
    // WeChat Pay's own shape: code FAIL makes it retry; our code goes first in the message.
    return {
      status,
      contentType: 'application/json; charset=utf-8',
      body: JSON.stringify({ code: 'FAIL', message: `${code}: ${message}` }),
    };
  }
}
