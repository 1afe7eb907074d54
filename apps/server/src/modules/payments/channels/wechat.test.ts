import { beforeAll, describe, expect, it } from 'vitest';
import { qrPaymentOrders, useLiveChannels, wechatSettings } from '../../../../test/support/live-channels.js';
import { wechatNotification, wechatTransaction } from '../../../../test/support/payment-stand-ins.js';
import { ChannelError, NotificationRejected } from './channel.js';
import { decryptResource, WechatChannel, type WechatSettings } from './wechat.js';

const live = useLiveChannels();
const { keys, standIn } = live;
const { orderNo, request } = qrPaymentOrders('wechat', '20260115WXTEST', 'Monthly VIP');
let settings: WechatSettings;
let wechat: WechatChannel;

beforeAll(() => {
  settings = wechatSettings(live);
  wechat = new WechatChannel(settings);
});

describe('WeChat Pay Native payment', () => {
  it('orders with a signed request and returns the code_url', async () => {
    const no = orderNo();
    const codeUrl = await wechat.createQrPayment(request(no, 2680));
    expect(codeUrl).toMatch(/^weixin:\/\/wxpay\/bizpayurl\?pr=/);
    expect(standIn.calls.at(-1)).toEqual({ channel: 'wechat', what: 'POST /v3/pay/transactions/native', signatureValid: true });
    expect(standIn.trades.get(no)).toMatchObject({
      amountFen: 2680,
      notifyUrl: 'https://pay.example.test/api/v1/payments/notify/wechat',
      timeExpire: '2026-01-15T12:15:00+08:00',
    });
  });

  it('is refused when the request is signed with a key WeChat Pay does not know', async () => {
    const stranger = new WechatChannel({ ...settings, privateKey: keys.stranger.privateKey });
    const error = await stranger.createQrPayment(request(orderNo())).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ChannelError);
    expect((error as ChannelError).channelCode).toBe('SIGN_ERROR');
    expect(standIn.calls.at(-1)?.signatureValid).toBe(false);
  });

  it('does not trust an answer whose signature is not the WeChat Pay key’s', async () => {
    standIn.forgeAnswersWith = keys.stranger.privateKey;
    try {
      await expect(wechat.createQrPayment(request(orderNo()))).rejects.toThrow(/no valid signature/);
    } finally {
      standIn.forgeAnswersWith = null;
    }
  });

  it('queries by order number: none, not paid, paid with the amount', async () => {
    expect(await wechat.query(orderNo())).toBeNull();
    const no = orderNo();
    await wechat.createQrPayment(request(no, 7800));
    expect(await wechat.query(no)).toMatchObject({ orderNo: no, outcome: 'pending', amountFen: 7800 });
    const trade = standIn.pay(no);
    expect(await wechat.query(no)).toMatchObject({ orderNo: no, channelTradeNo: trade.tradeNo, outcome: 'paid', amountFen: 7800 });
    expect(standIn.calls.filter((call) => call.channel === 'wechat').every((call) => call.what.includes('native') || call.signatureValid)).toBe(true);
  });

  it('closes a trade', async () => {
    const no = orderNo();
    await wechat.createQrPayment(request(no));
    await wechat.close(no);
    expect(standIn.calls.at(-1)).toEqual({ channel: 'wechat', what: `POST /v3/pay/transactions/out-trade-no/${no}/close`, signatureValid: true });
    expect(await wechat.query(no)).toMatchObject({ outcome: 'closed' });
  });
});

describe('WeChat Pay notifications', () => {
  const trade = { orderNo: '20260115WXNOTIFY000001', tradeNo: '4200001234202601150000000001', amountFen: 3000, tradeState: 'SUCCESS' };

  it('verifies the signature, decrypts the resource and reads the transaction', () => {
    const { body, headers } = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade));
    expect(wechat.verifyNotification({ body: Buffer.from(body), headers })).toMatchObject({
      orderNo: trade.orderNo,
      channelTradeNo: trade.tradeNo,
      amountFen: 3000,
      outcome: 'paid',
    });
  });

  it('refuses a tampered body, a forged signature, missing headers and a replay from long ago', () => {
    const genuine = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade));
    const cases = [
      { body: genuine.body.replace('TRANSACTION.SUCCESS', 'TRANSACTION.SUCCESS '), headers: genuine.headers },
      wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade), { signWith: keys.stranger.privateKey }),
      { body: genuine.body, headers: { 'content-type': 'application/json' } },
      wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade), { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ];
    for (const { body, headers } of cases) {
      expect(() => wechat.verifyNotification({ body: Buffer.from(body), headers })).toThrow(NotificationRejected);
    }
  });

  it('refuses a signed one it cannot decrypt, or that is for another merchant', () => {
    const wrongKey = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade), { apiV3Key: 'x'.repeat(32) });
    expect(() => wechat.verifyNotification({ body: Buffer.from(wrongKey.body), headers: wrongKey.headers })).toThrow(/cannot be read/);
    const other = wechatNotification(keys.wechat, { ...wechatTransaction(keys.wechat, trade), mchid: '1900000999' });
    expect(() => wechat.verifyNotification({ body: Buffer.from(other.body), headers: other.headers })).toThrow(/another merchant/);
  });

  it('takes events other than payment results without settling anything', () => {
    const other = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, trade), { eventType: 'PROFITSHARING.FINISHED' });
    expect(wechat.verifyNotification({ body: Buffer.from(other.body), headers: other.headers }).outcome).toBe('pending');
  });
});

describe('decryptResource', () => {
  it('refuses a ciphertext whose tag does not match', () => {
    const { body } = wechatNotification(keys.wechat, wechatTransaction(keys.wechat, { ...{ orderNo: 'X1234567', tradeNo: 'T', amountFen: 1, tradeState: 'SUCCESS' } }));
    const resource = (JSON.parse(body) as { resource: { ciphertext: string; nonce: string; associated_data: string } }).resource;
    expect(JSON.parse(decryptResource(keys.wechat.apiV3Key, resource))).toMatchObject({ out_trade_no: 'X1234567' });
    const bytes = Buffer.from(resource.ciphertext, 'base64');
    bytes[0] = (bytes[0] ?? 0) ^ 1;
    expect(() => decryptResource(keys.wechat.apiV3Key, { ...resource, ciphertext: bytes.toString('base64') })).toThrow();
    expect(() => decryptResource(keys.wechat.apiV3Key, { ...resource, associated_data: 'other' })).toThrow();
  });
});
