import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { channelKeys } from '../../../../test/support/payment-stand-ins.js';
import { type RefundStandIn, startRefundStandIn } from '../../../../test/support/refund-stand-in.js';
import { AlipayChannel } from './alipay.js';
import { ChannelError, type RefundRequest } from './channel.js';
import { WechatChannel, type WechatSettings } from './wechat.js';

const keys = channelKeys();
let standIn: RefundStandIn;
let alipay: AlipayChannel;
let wechatSettings: WechatSettings;
let wechat: WechatChannel;
let sequence = 0;

function paidOrder(amountFen = 3000): string {
  sequence += 1;
  const orderNo = `20260115REFUND${String(sequence).padStart(6, '0')}`;
  standIn.paid.set(orderNo, amountFen);
  return orderNo;
}

function request(orderNo: string, amountFen: number, refundNo = `RF${orderNo.slice(-6)}${amountFen}`): RefundRequest {
  return { orderNo, refundNo, amountFen, totalFen: standIn.paid.get(orderNo) ?? 3000, reason: '服务中断补偿' };
}

beforeAll(async () => {
  standIn = await startRefundStandIn(keys);
  alipay = new AlipayChannel({
    appId: keys.alipay.appId,
    privateKey: keys.alipay.app.privateKey,
    alipayPublicKey: keys.alipay.alipay.publicKey,
    gateway: `${standIn.url}/gateway.do`,
    timeoutMs: 5_000,
  });
  wechatSettings = {
    mchId: keys.wechat.mchId,
    appId: keys.wechat.appId,
    serialNo: keys.wechat.serialNo,
    privateKey: keys.wechat.merchant.privateKey,
    apiV3Key: keys.wechat.apiV3Key,
    platformPublicKey: keys.wechat.platform.publicKey,
    apiBase: standIn.url,
    timeoutMs: 5_000,
  };
  wechat = new WechatChannel(wechatSettings);
}, 120_000);

afterAll(async () => standIn?.close());

describe('Alipay alipay.trade.refund', () => {
  it('refunds with an RSA2-signed request and reads the signed answer', async () => {
    const orderNo = paidOrder();
    const result = await alipay.refund(request(orderNo, 1000));
    expect(result).toMatchObject({ outcome: 'succeeded', refundNo: `RF${orderNo.slice(-6)}1000` });
    const call = standIn.calls.at(-1);
    expect(call).toMatchObject({ channel: 'alipay', what: 'alipay.trade.refund', signatureValid: true });
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      out_trade_no: orderNo,
      refund_amount: '10.00',
      out_request_no: `RF${orderNo.slice(-6)}1000`,
      refund_reason: '服务中断补偿',
    });
  });

  it('is idempotent by out_request_no: the same refund again is applied once, and its fund_change N is asked about, not failed', async () => {
    const orderNo = paidOrder();
    const first = await alipay.refund(request(orderNo, 3000, 'RFALIPAYSAME0001'));
    expect(standIn.calls.at(-1)?.what).toBe('alipay.trade.refund');
    const again = await alipay.refund(request(orderNo, 3000, 'RFALIPAYSAME0001'));
    expect([first.outcome, again.outcome]).toEqual(['succeeded', 'succeeded']);
    expect(standIn.calls.slice(-2).map((call) => [call.what, call.signatureValid])).toEqual([
      ['alipay.trade.refund', true],
      ['alipay.trade.fastpay.refund.query', true],
    ]);
    expect([...standIn.refunds.values()].filter((refund) => refund.orderNo === orderNo)).toHaveLength(1);
  });

  it('takes code 10000 with fund_change N for a refund only once the signed refund query says REFUND_SUCCESS', async () => {
    const orderNo = paidOrder();
    standIn.alipayFundChangeN = true;
    let result;
    try {
      result = await alipay.refund(request(orderNo, 3000, 'RFALIPAYFUNDN001'));
    } finally {
      standIn.alipayFundChangeN = false;
    }
    expect(result).toMatchObject({ outcome: 'succeeded', refundNo: 'RFALIPAYFUNDN001' });
    expect(JSON.parse(result.raw)).toMatchObject([{ fund_change: 'N' }, { refund_status: 'REFUND_SUCCESS', gmt_refund_pay: '2026-01-15 12:30:05' }]);
    const query = standIn.calls.at(-1);
    expect(query).toMatchObject({ channel: 'alipay', what: 'alipay.trade.fastpay.refund.query', signatureValid: true });
    expect(JSON.parse(query?.body ?? '{}')).toEqual({ out_trade_no: orderNo, out_request_no: 'RFALIPAYFUNDN001', query_options: ['gmt_refund_pay'] });
  });

  it('keeps a refund the query says nothing of processing, until the query says REFUND_SUCCESS', async () => {
    const orderNo = paidOrder();
    standIn.alipayPending = true;
    try {
      expect((await alipay.refund(request(orderNo, 3000, 'RFALIPAYPEND0001'))).outcome).toBe('processing');
    } finally {
      standIn.alipayPending = false;
    }
    const asked = { orderNo, refundNo: 'RFALIPAYPEND0001', amountFen: 3000 };
    expect((await alipay.queryRefund(asked)).outcome).toBe('processing');
    standIn.settleAlipay('RFALIPAYPEND0001');
    expect(await alipay.queryRefund(asked)).toMatchObject({ outcome: 'succeeded', refundNo: 'RFALIPAYPEND0001', channelRefundNo: `2026${orderNo.slice(-8)}` });
    // An answer about another amount is not this refund's.
    await expect(alipay.queryRefund({ ...asked, amountFen: 2999 })).rejects.toBeInstanceOf(ChannelError);
  });

  it('does not trust a forged or tampered refund query answer', async () => {
    const orderNo = paidOrder();
    await alipay.refund(request(orderNo, 3000, 'RFALIPAYQFORGE01'));
    for (const setting of ['forge', 'tamper'] as const) {
      if (setting === 'forge') standIn.forgeAnswersWith = keys.stranger.privateKey;
      else standIn.tamperAnswers = true;
      try {
        await expect(alipay.queryRefund({ orderNo, refundNo: 'RFALIPAYQFORGE01', amountFen: 3000 })).rejects.toBeInstanceOf(ChannelError);
      } finally {
        standIn.forgeAnswersWith = null;
        standIn.tamperAnswers = false;
      }
    }
  });

  it('reads a refusal (more than was paid) as a failed refund with Alipay’s code', async () => {
    const orderNo = paidOrder(1000);
    const result = await alipay.refund(request(orderNo, 1001));
    expect(result.outcome).toBe('failed');
    expect(result.reason).toMatch(/^ACQ\./);
  });

  it('is refused by the gateway when signed with a key Alipay does not know', async () => {
    const stranger = new AlipayChannel({ appId: keys.alipay.appId, privateKey: keys.stranger.privateKey, alipayPublicKey: keys.alipay.alipay.publicKey, gateway: `${standIn.url}/gateway.do`, timeoutMs: 5_000 });
    const result = await stranger.refund(request(paidOrder(), 100));
    expect(result).toMatchObject({ outcome: 'failed' });
    expect(result.reason).toMatch(/isv\.invalid-signature/);
    expect(standIn.calls.at(-1)?.signatureValid).toBe(false);
  });

  it('does not trust a forged or tampered answer, and applies nothing on its word', async () => {
    for (const setting of ['forge', 'tamper'] as const) {
      if (setting === 'forge') standIn.forgeAnswersWith = keys.stranger.privateKey;
      else standIn.tamperAnswers = true;
      try {
        await expect(alipay.refund(request(paidOrder(), 500))).rejects.toBeInstanceOf(ChannelError);
      } finally {
        standIn.forgeAnswersWith = null;
        standIn.tamperAnswers = false;
      }
    }
  });
});

describe('WeChat Pay v3 refunds', () => {
  it('posts /v3/refund/domestic/refunds with a signed Authorization header and reads the signed answer', async () => {
    const orderNo = paidOrder(2680);
    const result = await wechat.refund(request(orderNo, 680, 'RFWECHAT00000001'));
    expect(result).toMatchObject({ outcome: 'succeeded', refundNo: 'RFWECHAT00000001' });
    expect(result.channelRefundNo).toMatch(/^50/);
    const call = standIn.calls.at(-1);
    expect(call).toMatchObject({ channel: 'wechat', what: 'POST /v3/refund/domestic/refunds', signatureValid: true });
    expect(JSON.parse(call?.body ?? '{}')).toEqual({
      out_trade_no: orderNo,
      out_refund_no: 'RFWECHAT00000001',
      reason: '服务中断补偿',
      amount: { refund: 680, total: 2680, currency: 'CNY' },
    });
  });

  it('is idempotent by out_refund_no, and a refund still processing is asked about with the same number', async () => {
    const orderNo = paidOrder();
    standIn.wechatProcessing = true;
    try {
      expect((await wechat.refund(request(orderNo, 3000, 'RFWECHATPROC0001'))).outcome).toBe('processing');
    } finally {
      standIn.wechatProcessing = false;
    }
    expect((await wechat.refund(request(orderNo, 3000, 'RFWECHATPROC0001'))).outcome).toBe('succeeded');
    expect([...standIn.refunds.values()].filter((refund) => refund.orderNo === orderNo)).toHaveLength(1);
  });

  it('reads a refusal in WeChat Pay’s terms as a failed refund', async () => {
    const orderNo = paidOrder(1000);
    const result = await wechat.refund(request(orderNo, 1001));
    expect(result.outcome).toBe('failed');
    expect(result.reason).toMatch(/NOT_ENOUGH/);
  });

  it('is refused when the request is signed with a key WeChat Pay does not know', async () => {
    const stranger = new WechatChannel({ ...wechatSettings, privateKey: keys.stranger.privateKey });
    await expect(stranger.refund(request(paidOrder(), 100))).rejects.toMatchObject({ channelCode: 'SIGN_ERROR' });
    expect(standIn.calls.at(-1)?.signatureValid).toBe(false);
  });

  it('does not trust a forged or tampered answer', async () => {
    for (const setting of ['forge', 'tamper'] as const) {
      if (setting === 'forge') standIn.forgeAnswersWith = keys.stranger.privateKey;
      else standIn.tamperAnswers = true;
      try {
        await expect(wechat.refund(request(paidOrder(), 500))).rejects.toThrow(/no valid signature/);
      } finally {
        standIn.forgeAnswersWith = null;
        standIn.tamperAnswers = false;
      }
    }
  });
});
