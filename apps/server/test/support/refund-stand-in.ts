import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { alipaySignContent, type ChannelKeys, readBody, rsaSign, rsaVerify, wechatSignatureHeaders } from './payment-stand-ins.js';

/**
 * A stand-in of the two channels' refund APIs (Alipay `alipay.trade.refund` and
 * `alipay.trade.fastpay.refund.query`, WeChat Pay `POST /v3/refund/domestic/refunds`): it checks
 * our request signatures with our public keys, keeps refunds by their refund number as the
 * channels do (the same number answers the same refund), and signs its answers with the channel
 * keys, or forges or tampers with them on demand.
 *
 * Alipay answers a refund it has just made with fund_change Y, and a retry of one it made before
 * with fund_change N, as Alipay does; `alipayFundChangeN` and `alipayPending` make it answer N
 * for new refunds too (made at once, or left undone until `settleAlipay`).
 */

export interface StandInRefund {
  channel: 'alipay' | 'wechat';
  orderNo: string;
  refundNo: string;
  amountFen: number;
  reason: string;
  refundId: string;
  /** Whether the money went back (an Alipay refund left pending has not, yet). */
  done: boolean;
}

export interface RefundStandIn {
  url: string;
  /** What each trade was paid, by order number: only these can be refunded. */
  paid: Map<string, number>;
  refunds: Map<string, StandInRefund>;
  calls: Array<{ channel: 'alipay' | 'wechat'; what: string; signatureValid: boolean; body: string }>;
  /** WeChat Pay answers PROCESSING for new refunds while set (it settles them on a later ask). */
  wechatProcessing: boolean;
  /** Alipay makes new refunds at once but answers them fund_change N while set. */
  alipayFundChangeN: boolean;
  /** Alipay takes new refunds (fund_change N) but leaves them undone, its refund query saying nothing of them, while set. */
  alipayPending: boolean;
  /** Makes a pending Alipay refund: its refund query says REFUND_SUCCESS from now on. */
  settleAlipay(refundNo: string): void;
  /** Answers are signed with this key instead of the channel's. */
  forgeAnswersWith: string | null;
  /** Answers are signed, then changed (a tampered answer). */
  tamperAnswers: boolean;
  close(): Promise<void>;
}

function fen(yuan: string): number {
  const [whole = '0', part = ''] = yuan.split('.');
  return Number(whole) * 100 + Number(part.padEnd(2, '0'));
}

function yuan(amountFen: number): string {
  return `${Math.floor(amountFen / 100)}.${String(amountFen % 100).padStart(2, '0')}`;
}

export async function startRefundStandIn(keys: ChannelKeys): Promise<RefundStandIn> {
  const standIn: RefundStandIn = {
    url: '',
    paid: new Map(),
    refunds: new Map(),
    calls: [],
    wechatProcessing: false,
    alipayFundChangeN: false,
    alipayPending: false,
    settleAlipay(refundNo) {
      const refund = standIn.refunds.get(refundNo);
      if (!refund) throw new Error(`the stand-in has no refund ${refundNo}`);
      refund.done = true;
    },
    forgeAnswersWith: null,
    tamperAnswers: false,
    close: async () => undefined,
  };
  const refundedOf = (orderNo: string) =>
    [...standIn.refunds.values()].filter((refund) => refund.orderNo === orderNo).reduce((sum, refund) => sum + refund.amountFen, 0);
  const processing = new Set<string>();

  /** Applies a refund once per refund number; the error's code when refused. */
  function refund(channel: 'alipay' | 'wechat', orderNo: string, refundNo: string, amountFen: number, reason: string): StandInRefund | string {
    const existing = standIn.refunds.get(refundNo);
    if (existing) return existing.orderNo === orderNo && existing.amountFen === amountFen ? existing : 'REFUND_NO_REUSED';
    const paid = standIn.paid.get(orderNo);
    if (paid === undefined) return 'TRADE_NOT_EXIST';
    if (refundedOf(orderNo) + amountFen > paid) return 'REFUND_AMOUNT_EXCEEDED';
    const done = channel === 'wechat' || !standIn.alipayPending;
    const made = { channel, orderNo, refundNo, amountFen, reason, refundId: `${channel === 'wechat' ? '50' : 'AR'}${randomBytes(10).toString('hex')}`, done };
    standIn.refunds.set(refundNo, made);
    return made;
  }

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const body = await readBody(request);
      if (url.pathname === '/gateway.do') {
        const params: Record<string, string> = Object.fromEntries(url.searchParams);
        Object.assign(params, Object.fromEntries(new URLSearchParams(body)));
        const signatureValid = params.app_id === keys.alipay.appId && rsaVerify(keys.alipay.app.publicKey, alipaySignContent(params), params.sign ?? '');
        standIn.calls.push({ channel: 'alipay', what: params.method ?? '', signatureValid, body: params.biz_content ?? '' });
        const biz = JSON.parse(params.biz_content ?? '{}') as Record<string, string>;
        const queryOptions = (JSON.parse(params.biz_content ?? '{}') as { query_options?: string[] }).query_options ?? [];
        let answer: Record<string, unknown>;
        if (!signatureValid) {
          answer = { code: '40002', msg: 'Invalid Arguments', sub_code: 'isv.invalid-signature', sub_msg: '验签出错' };
        } else if (params.method === 'alipay.trade.refund') {
          const known = standIn.refunds.has(biz.out_request_no ?? '');
          const made = refund('alipay', biz.out_trade_no ?? '', biz.out_request_no ?? '', fen(biz.refund_amount ?? '0'), biz.refund_reason ?? '');
          answer =
            typeof made === 'string'
              ? {
                  code: '40004',
                  msg: 'Business Failed',
                  sub_code: made === 'TRADE_NOT_EXIST' ? 'ACQ.TRADE_NOT_EXIST' : made === 'REFUND_AMOUNT_EXCEEDED' ? 'ACQ.REFUND_AMT_NOT_EQUAL_TOTAL' : 'ACQ.REQUEST_AMOUNT_EXCEED',
                  sub_msg: '退款失败',
                }
              : {
                  code: '10000',
                  msg: 'Success',
                  trade_no: `2026${made.orderNo.slice(-8)}`,
                  out_trade_no: made.orderNo,
                  buyer_logon_id: '159****5620',
                  // Y only for money moved by this very request.
                  fund_change: known || standIn.alipayFundChangeN || standIn.alipayPending ? 'N' : 'Y',
                  refund_fee: yuan(refundedOf(made.orderNo)),
                };
        } else if (params.method === 'alipay.trade.fastpay.refund.query') {
          const found = standIn.refunds.get(biz.out_request_no ?? '');
          answer =
            found?.channel === 'alipay' && found.orderNo === biz.out_trade_no && found.done
              ? {
                  code: '10000',
                  msg: 'Success',
                  trade_no: `2026${found.orderNo.slice(-8)}`,
                  out_trade_no: found.orderNo,
                  out_request_no: found.refundNo,
                  total_amount: yuan(standIn.paid.get(found.orderNo) ?? 0),
                  refund_amount: yuan(found.amountFen),
                  refund_status: 'REFUND_SUCCESS',
                  ...(queryOptions.includes('gmt_refund_pay') ? { gmt_refund_pay: '2026-01-15 12:30:05' } : {}),
                }
              : // Nothing of a refund not received or not done: Alipay's answer has no refund_status.
                { code: '10000', msg: 'Success', out_trade_no: biz.out_trade_no ?? '', out_request_no: biz.out_request_no ?? '' };
        } else {
          answer = { code: '40004', msg: 'Business Failed', sub_code: 'isv.invalid-method' };
        }
        const inner = JSON.stringify(answer);
        const sign = rsaSign(standIn.forgeAnswersWith ?? keys.alipay.alipay.privateKey, inner);
        const sent = standIn.tamperAnswers ? inner.replace(/"refund_fee":"[^"]*"/, '"refund_fee":"0.01"').replace('"Success"', '"Success!"') : inner;
        response.writeHead(200, { 'content-type': 'application/json;charset=utf-8' });
        response.end(`{"${(params.method ?? '').replaceAll('.', '_')}_response":${sent},"sign":"${sign}"}`);
        return;
      }
      const method = request.method ?? 'GET';
      const auth = /^WECHATPAY2-SHA256-RSA2048\s+(.+)$/.exec(request.headers.authorization ?? '');
      const parts = auth?.[1] ? Object.fromEntries([...auth[1].matchAll(/(\w+)="([^"]*)"/g)].map((part) => [part[1] ?? '', part[2] ?? ''])) : null;
      const signatureValid =
        parts !== null &&
        parts.mchid === keys.wechat.mchId &&
        parts.serial_no === keys.wechat.serialNo &&
        rsaVerify(keys.wechat.merchant.publicKey, `${method}\n${url.pathname}${url.search}\n${parts.timestamp ?? ''}\n${parts.nonce_str ?? ''}\n${body}\n`, parts.signature ?? '');
      standIn.calls.push({ channel: 'wechat', what: `${method} ${url.pathname}`, signatureValid, body });
      const send = (status: number, answer: Record<string, unknown>, signed: boolean) => {
        const text = JSON.stringify(answer);
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (signed) Object.assign(headers, wechatSignatureHeaders(standIn.forgeAnswersWith ?? keys.wechat.platform.privateKey, text));
        response.writeHead(status, headers);
        response.end(signed && standIn.tamperAnswers ? text.replace('"SUCCESS"', '"SUCCESS" ') : text);
      };
      if (!signatureValid) return send(401, { code: 'SIGN_ERROR', message: '签名错误' }, false);
      if (method !== 'POST' || url.pathname !== '/v3/refund/domestic/refunds') return send(404, { code: 'NOT_FOUND', message: 'no such API' }, false);
      const asked = JSON.parse(body) as { out_trade_no: string; out_refund_no: string; reason?: string; amount: { refund: number; total: number; currency: string } };
      const paid = standIn.paid.get(asked.out_trade_no);
      if (paid !== undefined && asked.amount.total !== paid) return send(400, { code: 'PARAM_ERROR', message: '订单金额不符' }, false);
      const known = standIn.refunds.has(asked.out_refund_no);
      const made = refund('wechat', asked.out_trade_no, asked.out_refund_no, asked.amount.refund, asked.reason ?? '');
      if (typeof made === 'string') {
        return made === 'TRADE_NOT_EXIST'
          ? send(404, { code: 'RESOURCE_NOT_EXISTS', message: '订单不存在' }, false)
          : send(403, { code: 'NOT_ENOUGH', message: '可退金额不足' }, false);
      }
      if (!known && standIn.wechatProcessing) processing.add(made.refundNo);
      else if (known) processing.delete(made.refundNo);
      return send(
        200,
        {
          refund_id: made.refundId,
          out_refund_no: made.refundNo,
          transaction_id: `4200${made.orderNo.slice(-8)}`,
          out_trade_no: made.orderNo,
          channel: 'ORIGINAL',
          user_received_account: '支付用户零钱',
          create_time: '2026-01-15T12:30:00+08:00',
          status: processing.has(made.refundNo) ? 'PROCESSING' : 'SUCCESS',
          amount: { total: paid, refund: made.amountFen, payer_total: paid, payer_refund: made.amountFen, currency: 'CNY' },
        },
        true,
      );
    })().catch((error: unknown) => {
      response.writeHead(500);
      response.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  standIn.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  standIn.close = () =>
    new Promise<void>((resolve, reject) => {
      server.closeAllConnections();
      server.close((error) => (error ? reject(error) : resolve()));
    });
  return standIn;
}
