import { apiPaths, paymentChannelListResponseSchema, sandboxCheckoutPagePath } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useLiveChannels } from '../support/live-channels.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { alipayNotification, liveChannelEnv, wechatNotification, wechatTransaction } from '../support/payment-stand-ins.js';
import { useTestApp } from '../support/test-app.js';

/** The app with both live channels, talking to local stand-ins of the Alipay gateway and the WeChat Pay API. */
const clock = movableClock();
const { keys, standIn } = useLiveChannels();
const t = useTestApp(() => ({ ...liveChannelEnv(keys, standIn.url), RECONCILE_INTERVAL_SECONDS: '0' }), { clock: clock.now }, 120_000);
const api = membershipClient(t);
const plans = usePlanIds(api);

async function liveOrder(channel: 'alipay' | 'wechat') {
  const member = await buildUser(t.database.db, t.ctx.tokens);
  const created = await api.createOrder(member.auth, { planId: plans.month, channel });
  return { member, ...created };
}

function postAlipay(body: Buffer) {
  return api.call('POST', apiPaths.paymentNotify('alipay'), {
    raw: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded; charset=utf-8' },
  });
}

function postWechat(notification: { body: string; headers: Record<string, string> }) {
  return api.call('POST', apiPaths.paymentNotify('wechat'), { raw: notification.body, headers: notification.headers });
}

describe('live channels', () => {
  it('are offered live, and the sandbox is off', async () => {
    const answer = await api.call('GET', apiPaths.paymentChannels());
    expect(paymentChannelListResponseSchema.parse(answer.body).data.items).toEqual([
      { id: 'alipay', mode: 'live' },
      { id: 'wechat', mode: 'live' },
    ]);
    const { order } = await liveOrder('alipay');
    api.refused(await api.checkout(order.orderNo, 'success'), 404, 'NOT_FOUND');
    expect((await api.call('GET', sandboxCheckoutPagePath(order.orderNo), { root: true })).status).toBe(404);
    api.refused(await api.call('POST', apiPaths.paymentNotify('sandbox'), { raw: '{}' }), 400, 'PAYMENT_CHANNEL_UNAVAILABLE');
  });
});

describe('Alipay', () => {
  it('opens a face-to-face payment: its QR code, our notify address, the order’s amount', async () => {
    const { order, payment } = await liveOrder('alipay');
    expect(payment.qrContent).toMatch(/^https:\/\/qr\.alipay\.com\//);
    expect(standIn.trades.get(order.orderNo)).toMatchObject({
      amountFen: 3000,
      notifyUrl: 'https://pay.example.test/api/v1/payments/notify/alipay',
    });
    expect(standIn.calls.filter((call) => call.channel === 'alipay').every((call) => call.signatureValid)).toBe(true);
  });

  it('takes a genuine notification once, answering `success`', async () => {
    const { member, order } = await liveOrder('alipay');
    const trade = standIn.pay(order.orderNo);
    const body = alipayNotification(keys.alipay, { orderNo: order.orderNo, tradeNo: trade.tradeNo, amountFen: 3000, tradeStatus: 'TRADE_SUCCESS' });
    const answer = await postAlipay(body);
    expect(answer.status).toBe(200);
    expect(answer.text).toBe('success');
    expect(answer.headers['content-type']).toMatch(/^text\/plain/);
    const again = await postAlipay(body);
    expect(again.text).toBe('success');
    const paid = await api.order(member.auth, order.id);
    expect(paid.status).toBe('success');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    const records = await api.notifications(order.orderNo);
    expect(records.map((record) => [record.channel, record.flag])).toEqual([
      ['alipay', 'applied'],
      ['alipay', 'duplicate'],
    ]);
    expect(records[0]?.channel_trade_no).toBe(trade.tradeNo);
  });

  it('refuses a forged or tampered notification, and does not credit it', async () => {
    const { member, order } = await liveOrder('alipay');
    const fields = { orderNo: order.orderNo, tradeNo: '2026011522001499999', amountFen: 3000, tradeStatus: 'TRADE_SUCCESS' };
    const forged = alipayNotification(keys.alipay, fields, keys.stranger.privateKey);
    const answer = await postAlipay(forged);
    api.refused(answer, 400, 'PAYMENT_SIGNATURE_INVALID');
    expect(answer.text).not.toBe('success');
    const tampered = Buffer.from(alipayNotification(keys.alipay, { ...fields, amountFen: 1 }).toString().replace('out_trade_no=', 'out_trade_no=X'));
    api.refused(await postAlipay(tampered), 400, 'PAYMENT_SIGNATURE_INVALID');
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
    const kept = await t.database.db.selectFrom('payment_notifications').selectAll().where('order_no', '=', order.orderNo).execute();
    expect(kept).toMatchObject([{ flag: 'signature_invalid', verified: false, channel: 'alipay' }]);
  });

  it('refuses a genuine notification of another amount and flags the order', async () => {
    const { member, order } = await liveOrder('alipay');
    const body = alipayNotification(keys.alipay, { orderNo: order.orderNo, tradeNo: '2026011522001400077', amountFen: 1, tradeStatus: 'TRADE_SUCCESS' });
    api.refused(await postAlipay(body), 400, 'PAYMENT_AMOUNT_MISMATCH');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
    expect(await api.notifications(order.orderNo)).toMatchObject([{ flag: 'amount_mismatch', amount_fen: 1 }]);
  });

  it('closes the trade at Alipay when the member cancels', async () => {
    const { member, order } = await liveOrder('alipay');
    expect(standIn.trades.get(order.orderNo)?.state).toBe('created');
    expect((await api.call('POST', apiPaths.cancelOrder(order.id), { auth: member.auth })).status).toBe(200);
    expect(standIn.calls.at(-1)).toMatchObject({ what: 'alipay.trade.close', signatureValid: true });
    expect(standIn.trades.get(order.orderNo)?.state).toBe('closed');
  });

  it('settles a lost notification by querying Alipay', async () => {
    const { member, order } = await liveOrder('alipay');
    standIn.pay(order.orderNo);
    clock.advance(61_000);
    await t.services.payments.reconcile();
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect(await api.notifications(order.orderNo)).toMatchObject([{ channel: 'alipay', source: 'query', flag: 'applied' }]);
  });
});

describe('WeChat Pay', () => {
  it('opens a Native payment: its code_url, our notify address, the order’s amount', async () => {
    const { order, payment } = await liveOrder('wechat');
    expect(payment.qrContent).toMatch(/^weixin:\/\/wxpay\/bizpayurl/);
    expect(standIn.trades.get(order.orderNo)).toMatchObject({
      amountFen: 3000,
      notifyUrl: 'https://pay.example.test/api/v1/payments/notify/wechat',
    });
    expect(standIn.calls.filter((call) => call.channel === 'wechat').every((call) => call.signatureValid)).toBe(true);
  });

  it('takes a genuine notification once, answering {"code":"SUCCESS"}', async () => {
    const { member, order } = await liveOrder('wechat');
    const trade = standIn.pay(order.orderNo);
    const notification = wechatNotification(
      keys.wechat,
      wechatTransaction(keys.wechat, { orderNo: order.orderNo, tradeNo: trade.tradeNo, amountFen: 3000, tradeState: 'SUCCESS' }),
      { timestamp: Math.floor(clock.now().getTime() / 1000) },
    );
    const answer = await postWechat(notification);
    expect(answer.status, answer.text).toBe(200);
    expect(answer.body).toMatchObject({ code: 'SUCCESS' });
    expect((await postWechat(notification)).status).toBe(200);
    const paid = await api.order(member.auth, order.id);
    expect(paid.status).toBe('success');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    expect((await api.notifications(order.orderNo)).map((record) => record.flag)).toEqual(['applied', 'duplicate']);
    const [record] = await api.notifications(order.orderNo);
    expect(record?.headers).toHaveProperty('wechatpay-signature');
    expect(JSON.parse(record?.raw ?? '{}')).toMatchObject({ resource: { out_trade_no: order.orderNo, trade_state: 'SUCCESS' } });
  });

  it('refuses a forged notification with {"code":"FAIL"} so that a real one would be retried', async () => {
    const { member, order } = await liveOrder('wechat');
    const transaction = wechatTransaction(keys.wechat, { orderNo: order.orderNo, tradeNo: '4200009999', amountFen: 3000, tradeState: 'SUCCESS' });
    const now = Math.floor(clock.now().getTime() / 1000);
    const forged = wechatNotification(keys.wechat, transaction, { signWith: keys.stranger.privateKey, timestamp: now });
    const answer = await postWechat(forged);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'FAIL', message: expect.stringContaining('PAYMENT_SIGNATURE_INVALID') as string });
    const tampered = wechatNotification(keys.wechat, transaction, { timestamp: now });
    const answer2 = await postWechat({ body: tampered.body.replace('"summary":"支付成功"', '"summary":"x"'), headers: tampered.headers });
    expect(answer2.status).toBe(400);
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
  });

  it('settles a lost notification when the member polls', async () => {
    const { member, order } = await liveOrder('wechat');
    standIn.pay(order.orderNo);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect(await api.notifications(order.orderNo)).toMatchObject([{ channel: 'wechat', source: 'query', flag: 'applied' }]);
  });

  it('a notification of one channel never settles the other channel’s order', async () => {
    const { member, order } = await liveOrder('alipay');
    const notification = wechatNotification(
      keys.wechat,
      wechatTransaction(keys.wechat, { orderNo: order.orderNo, tradeNo: '4200001111', amountFen: 3000, tradeState: 'SUCCESS' }),
      { timestamp: Math.floor(clock.now().getTime() / 1000) },
    );
    const answer = await postWechat(notification);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'FAIL' });
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
  });
});

describe('when a channel fails', () => {
  it('an order whose payment could not be opened is not left pending', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    // WeChat Pay's answer does not carry its signature: the adapter will not trust it.
    standIn.forgeAnswersWith = keys.stranger.privateKey;
    try {
      const answer = await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: plans.month, channel: 'wechat' } });
      api.refused(answer, 502, 'PAYMENT_CREATE_FAILED');
    } finally {
      standIn.forgeAnswersWith = null;
    }
    const rows = await t.database.db.selectFrom('orders').selectAll().where('user_id', '=', member.user.id).execute();
    expect(rows).toMatchObject([{ status: 'failed', failure_code: 'payment_failed' }]);
    // The next attempt makes a fresh order.
    const { order } = await api.createOrder(member.auth, { planId: plans.month, channel: 'wechat' });
    expect(order.status).toBe('pending');
  });
});
