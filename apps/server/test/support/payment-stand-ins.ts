import { createCipheriv, createSign, createVerify, generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * Local stand-ins for the Alipay gateway and the WeChat Pay API v3, speaking their wire
 * formats: they check our request signatures with our public keys and sign their answers with
 * the "channel" keys a test generated, so the real adapters run end to end without a network.
 */

export interface KeyPair {
  privateKey: string;
  publicKey: string;
}

export function rsaKeyPair(): KeyPair {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    privateKey: String(privateKey.export({ type: 'pkcs8', format: 'pem' })),
    publicKey: String(publicKey.export({ type: 'spki', format: 'pem' })),
  };
}

export function rsaSign(privateKey: string, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(privateKey, 'base64');
}

/** Whether `signature` is `message` signed RSA-SHA256 with the private half of `publicKey`. */
export function rsaVerify(publicKey: string, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** Everything a test needs to configure both channels against the stand-ins. */
export interface ChannelKeys {
  /** A key neither channel knows, for forgeries. */
  stranger: KeyPair;
  alipay: { appId: string; app: KeyPair; alipay: KeyPair };
  wechat: { mchId: string; appId: string; serialNo: string; merchant: KeyPair; platform: KeyPair; apiV3Key: string };
}

export function channelKeys(): ChannelKeys {
  return {
    stranger: rsaKeyPair(),
    alipay: { appId: '2021000000000001', app: rsaKeyPair(), alipay: rsaKeyPair() },
    wechat: {
      mchId: '1900000109',
      appId: 'wxd678efh567hg6787',
      serialNo: '5157F09EFDC096DE15EBE81A47057A7232F1B8E1',
      merchant: rsaKeyPair(),
      platform: rsaKeyPair(),
      apiV3Key: randomBytes(16).toString('hex'),
    },
  };
}

/** The environment that points the app's live channels at the stand-ins. */
export function liveChannelEnv(keys: ChannelKeys, standInUrl: string): Record<string, string> {
  return {
    PAYMENT_CHANNELS: 'alipay,wechat',
    PUBLIC_BASE_URL: 'https://pay.example.test',
    ALIPAY_APP_ID: keys.alipay.appId,
    ALIPAY_PRIVATE_KEY: keys.alipay.app.privateKey,
    ALIPAY_PUBLIC_KEY: keys.alipay.alipay.publicKey,
    ALIPAY_GATEWAY: `${standInUrl}/gateway.do`,
    WECHAT_MCH_ID: keys.wechat.mchId,
    WECHAT_APP_ID: keys.wechat.appId,
    WECHAT_SERIAL_NO: keys.wechat.serialNo,
    WECHAT_PRIVATE_KEY: keys.wechat.merchant.privateKey,
    WECHAT_API_V3_KEY: keys.wechat.apiV3Key,
    WECHAT_PLATFORM_PUBLIC_KEY: keys.wechat.platform.publicKey,
    WECHAT_API_BASE: standInUrl,
  };
}

export interface StandInTrade {
  channel: 'alipay' | 'wechat';
  orderNo: string;
  amountFen: number;
  subject: string;
  notifyUrl: string;
  timeExpire: string;
  tradeNo: string;
  /** created: QR made, not scanned; paid; closed. */
  state: 'created' | 'paid' | 'closed';
}

export interface StandInCall {
  channel: 'alipay' | 'wechat';
  /** The Alipay method or the WeChat Pay path. */
  what: string;
  signatureValid: boolean;
}

export interface PaymentStandIn {
  url: string;
  trades: Map<string, StandInTrade>;
  calls: StandInCall[];
  /** Marks a trade paid at the channel (without notifying anyone). */
  pay(orderNo: string): StandInTrade;
  /** When set, answers are signed with this key instead of the channel's (a forged answer). */
  forgeAnswersWith: string | null;
  close(): Promise<void>;
}

/** A request's whole body as text. */
export function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function fen(yuan: string): number {
  const [whole = '0', part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function yuan(amountFen: number): string {
  return `${Math.floor(amountFen / 100)}.${String(amountFen % 100).padStart(2, '0')}`;
}

/** The string Alipay signs: every parameter but `sign` (and `sign_type` when asked), sorted, `k=v` joined by `&`. */
export function alipaySignContent(params: Record<string, string>, withoutSignType = false): string {
  return Object.keys(params)
    .filter((key) => key !== 'sign' && !(withoutSignType && key === 'sign_type'))
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
}

/** An Alipay asynchronous notification as Alipay posts it: form-encoded, RSA2-signed without sign and sign_type. */
export function alipayNotification(
  keys: ChannelKeys['alipay'],
  fields: { orderNo: string; tradeNo: string; amountFen: number; tradeStatus: string; appId?: string },
  signWith = keys.alipay.privateKey,
): Buffer {
  const params: Record<string, string> = {
    gmt_create: '2026-01-15 12:00:00',
    charset: 'utf-8',
    gmt_payment: '2026-01-15 12:00:05',
    notify_time: '2026-01-15 12:00:06',
    subject: '月卡会员',
    buyer_id: '2088102177846880',
    invoice_amount: yuan(fields.amountFen),
    version: '1.0',
    notify_id: randomBytes(16).toString('hex'),
    fund_bill_list: '[{"amount":"' + yuan(fields.amountFen) + '","fundChannel":"ALIPAYACCOUNT"}]',
    notify_type: 'trade_status_sync',
    out_trade_no: fields.orderNo,
    total_amount: yuan(fields.amountFen),
    trade_status: fields.tradeStatus,
    trade_no: fields.tradeNo,
    auth_app_id: fields.appId ?? keys.appId,
    receipt_amount: yuan(fields.amountFen),
    point_amount: '0.00',
    app_id: fields.appId ?? keys.appId,
    buyer_pay_amount: yuan(fields.amountFen),
    sign_type: 'RSA2',
    seller_id: '2088102177649450',
  };
  params.sign = rsaSign(signWith, alipaySignContent(params, true));
  return Buffer.from(new URLSearchParams(params).toString());
}

/** Encrypts a resource the way WeChat Pay does: AES-256-GCM, the tag appended, base64. */
export function wechatEncrypt(apiV3Key: string, plaintext: string, associatedData = 'transaction') {
  const nonce = randomBytes(6).toString('hex');
  const cipher = createCipheriv('aes-256-gcm', Buffer.from(apiV3Key, 'utf8'), Buffer.from(nonce, 'utf8'));
  cipher.setAAD(Buffer.from(associatedData, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]).toString('base64');
  return { algorithm: 'AEAD_AES_256_GCM' as const, ciphertext, associated_data: associatedData, nonce, original_type: 'transaction' };
}

/** The Wechatpay-* headers of a signed answer or notification. */
export function wechatSignatureHeaders(
  platformPrivateKey: string,
  body: string,
  timestamp = Math.floor(Date.now() / 1000),
): Record<string, string> {
  const nonce = randomBytes(16).toString('hex');
  return {
    'wechatpay-timestamp': String(timestamp),
    'wechatpay-nonce': nonce,
    'wechatpay-signature': rsaSign(platformPrivateKey, `${timestamp}\n${nonce}\n${body}\n`),
    'wechatpay-serial': 'PUB_KEY_ID_0000000000000001',
    'wechatpay-signature-type': 'WECHATPAY2-SHA256-RSA2048',
  };
}

/** A WeChat Pay payment notification: JSON, resource encrypted with the APIv3 key, signed in the headers. */
export function wechatNotification(
  keys: ChannelKeys['wechat'],
  transaction: Record<string, unknown>,
  options: { signWith?: string; timestamp?: number; eventType?: string; apiV3Key?: string } = {},
): { body: string; headers: Record<string, string> } {
  const body = JSON.stringify({
    id: randomBytes(8).toString('hex'),
    create_time: '2026-01-15T12:00:06+08:00',
    resource_type: 'encrypt-resource',
    event_type: options.eventType ?? 'TRANSACTION.SUCCESS',
    summary: '支付成功',
    resource: wechatEncrypt(options.apiV3Key ?? keys.apiV3Key, JSON.stringify(transaction)),
  });
  return {
    body,
    headers: {
      'content-type': 'application/json',
      ...wechatSignatureHeaders(options.signWith ?? keys.platform.privateKey, body, options.timestamp),
    },
  };
}

/** A decrypted WeChat Pay transaction, as the notification and the query carry it. */
export function wechatTransaction(
  keys: ChannelKeys['wechat'],
  trade: { orderNo: string; tradeNo: string; amountFen: number; tradeState: string },
): Record<string, unknown> {
  return {
    mchid: keys.mchId,
    appid: keys.appId,
    out_trade_no: trade.orderNo,
    transaction_id: trade.tradeNo,
    trade_type: 'NATIVE',
    trade_state: trade.tradeState,
    trade_state_desc: trade.tradeState === 'SUCCESS' ? '支付成功' : '未支付',
    bank_type: 'OTHERS',
    success_time: '2026-01-15T12:00:05+08:00',
    payer: { openid: 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o' },
    amount: { total: trade.amountFen, payer_total: trade.amountFen, currency: 'CNY', payer_currency: 'CNY' },
  };
}

function parseAuthorization(header: string | undefined): Record<string, string> | null {
  const match = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(header ?? '');
  if (!match?.[1]) return null;
  return Object.fromEntries([...match[1].matchAll(/(\w+)="([^"]*)"/g)].map((part) => [part[1] ?? '', part[2] ?? '']));
}

/** Starts both stand-ins on 127.0.0.1 at a random port. */
export async function startPaymentStandIn(keys: ChannelKeys): Promise<PaymentStandIn> {
  const trades = new Map<string, StandInTrade>();
  const calls: StandInCall[] = [];
  const standIn: PaymentStandIn = {
    url: '',
    trades,
    calls,
    forgeAnswersWith: null,
    pay(orderNo) {
      const trade = trades.get(orderNo);
      if (!trade) throw new Error(`the stand-in has no trade ${orderNo}`);
      trade.state = 'paid';
      return trade;
    },
    close: async () => undefined,
  };

  async function alipay(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const params: Record<string, string> = Object.fromEntries(url.searchParams);
    Object.assign(params, Object.fromEntries(new URLSearchParams(await readBody(request))));
    const method = params.method ?? '';
    const signatureValid =
      params.app_id === keys.alipay.appId && rsaVerify(keys.alipay.app.publicKey, alipaySignContent(params), params.sign ?? '');
    calls.push({ channel: 'alipay', what: method, signatureValid });
    const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
    let answer: Record<string, unknown>;
    const trade = trades.get(biz.out_trade_no ?? '');
    if (!signatureValid) {
      answer = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
    } else if (method === 'alipay.trade.precreate') {
      const orderNo = biz.out_trade_no ?? '';
      trades.set(orderNo, {
        channel: 'alipay',
        orderNo,
        amountFen: fen(biz.total_amount ?? '0'),
        subject: biz.subject ?? '',
        notifyUrl: params.notify_url ?? '',
        timeExpire: biz.time_expire ?? '',
        tradeNo: `2026${randomBytes(10).toString('hex')}`,
        state: 'created',
      });
      answer = { code: '10000', msg: 'Success', out_trade_no: orderNo, qr_code: `https://qr.alipay.com/bax${randomBytes(8).toString('hex')}` };
    } else if (!trade || trade.channel !== 'alipay' || (method === 'alipay.trade.query' && trade.state === 'created')) {
      answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_NOT_EXIST', sub_msg: '交易不存在' };
    } else if (method === 'alipay.trade.query') {
      answer = {
        code: '10000',
        msg: 'Success',
        out_trade_no: trade.orderNo,
        trade_no: trade.tradeNo,
        trade_status: trade.state === 'paid' ? 'TRADE_SUCCESS' : 'TRADE_CLOSED',
        total_amount: yuan(trade.amountFen),
        buyer_logon_id: '159****5620',
      };
    } else if (method === 'alipay.trade.close') {
      if (trade.state === 'paid') {
        answer = { code: '40004', msg: 'Business Failed', sub_code: 'ACQ.TRADE_STATUS_ERROR', sub_msg: '交易状态不合法' };
      } else {
        trade.state = 'closed';
        answer = { code: '10000', msg: 'Success', out_trade_no: trade.orderNo, trade_no: trade.tradeNo };
      }
    } else {
      answer = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
    }
    const inner = JSON.stringify(answer);
    const sign = rsaSign(standIn.forgeAnswersWith ?? keys.alipay.alipay.privateKey, inner);
    const key = `${method.replaceAll('.', '_')}_response`;
    response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
    response.end(`{"${key}":${inner},"sign":"${sign}"}`);
  }

  async function wechat(request: IncomingMessage, response: ServerResponse, url: URL): Promise<void> {
    const body = await readBody(request);
    const method = request.method ?? 'GET';
    const auth = parseAuthorization(request.headers.authorization);
    const signatureValid =
      auth !== null &&
      auth.mchid === keys.wechat.mchId &&
      auth.serial_no === keys.wechat.serialNo &&
      rsaVerify(
        keys.wechat.merchant.publicKey,
        `${method}\n${url.pathname}${url.search}\n${auth.timestamp ?? ''}\n${auth.nonce_str ?? ''}\n${body}\n`,
        auth.signature ?? '',
      );
    calls.push({ channel: 'wechat', what: `${method} ${url.pathname}`, signatureValid });
    const send = (status: number, answer: Record<string, unknown> | null, signed: boolean) => {
      const text = answer === null ? '' : JSON.stringify(answer);
      const headers: Record<string, string> = answer === null ? {} : { 'content-type': 'application/json' };
      if (signed && answer !== null) {
        Object.assign(headers, wechatSignatureHeaders(standIn.forgeAnswersWith ?? keys.wechat.platform.privateKey, text));
      }
      response.writeHead(status, headers);
      response.end(text);
    };
    if (!signatureValid) return send(401, { code: 'SIGN_ERROR', message: '签名错误' }, false);

    const byNo = /^\/v3\/pay\/transactions\/out-trade-no\/([^/]+)(\/close)?$/.exec(url.pathname);
    if (method === 'POST' && url.pathname === '/v3/pay/transactions/native') {
      const order = JSON.parse(body) as {
        mchid: string;
        appid: string;
        out_trade_no: string;
        description: string;
        notify_url: string;
        time_expire: string;
        amount: { total: number };
      };
      if (order.mchid !== keys.wechat.mchId || order.appid !== keys.wechat.appId) {
        return send(400, { code: 'PARAM_ERROR', message: 'mchid 与 appid 不匹配' }, false);
      }
      trades.set(order.out_trade_no, {
        channel: 'wechat',
        orderNo: order.out_trade_no,
        amountFen: order.amount.total,
        subject: order.description,
        notifyUrl: order.notify_url,
        timeExpire: order.time_expire,
        tradeNo: `4200${randomBytes(10).toString('hex')}`,
        state: 'created',
      });
      return send(200, { code_url: `weixin://wxpay/bizpayurl?pr=${randomBytes(6).toString('hex')}` }, true);
    }
    if (byNo?.[1]) {
      const trade = trades.get(decodeURIComponent(byNo[1]));
      if (!trade || trade.channel !== 'wechat') return send(404, { code: 'ORDER_NOT_EXIST', message: '订单不存在' }, false);
      if (byNo[2] && method === 'POST') {
        if (trade.state !== 'paid') trade.state = 'closed';
        return send(204, null, false);
      }
      if (method === 'GET' && url.searchParams.get('mchid') === keys.wechat.mchId) {
        const state = trade.state === 'paid' ? 'SUCCESS' : trade.state === 'closed' ? 'CLOSED' : 'NOTPAY';
        return send(200, wechatTransaction(keys.wechat, { orderNo: trade.orderNo, tradeNo: trade.tradeNo, amountFen: trade.amountFen, tradeState: state }), true);
      }
    }
    return send(404, { code: 'NOT_FOUND', message: 'no such API' }, false);
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    const handle = url.pathname === '/gateway.do' ? alipay : wechat;
    handle(request, response, url).catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  standIn.url = `http://127.0.0.1:${port}`;
  standIn.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return standIn;
}
