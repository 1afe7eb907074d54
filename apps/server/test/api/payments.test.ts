import { apiPaths, sandboxCheckoutPagePath, sandboxCheckoutResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/channels/sandbox.js';
import { buildUser } from '../support/factories.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { useTestApp } from '../support/test-app.js';

const clock = movableClock();
const t = useTestApp({ RECONCILE_INTERVAL_SECONDS: '0' }, { clock: clock.now });
const api = membershipClient(t);
const plans = usePlanIds(api);

function sandbox() {
  const channel = t.services.payments.channels.sandbox;
  if (!channel) throw new Error('the sandbox channel is off');
  return channel;
}

/** A member with a pending month order. */
async function pendingOrder(options: { vipDays?: number; planId?: number; channel?: 'alipay' | 'wechat' } = {}) {
  const member = await buildUser(t.database.db, t.ctx.tokens, options.vipDays === undefined ? {} : { vipDays: options.vipDays });
  const { order } = await api.createOrder(member.auth, { planId: options.planId ?? plans.month, channel: options.channel ?? 'alipay' });
  return { member, order };
}

/** Posts a notification to the sandbox's notify path, as the checkout does but by hand. */
async function notify(notification: { body: Buffer; headers: Record<string, unknown> }) {
  return api.call('POST', apiPaths.paymentNotify('sandbox'), {
    raw: notification.body,
    headers: Object.fromEntries(Object.entries(notification.headers).map(([name, value]) => [name, String(value)])),
  });
}

async function paidNotification(orderNo: string, amountFen: number) {
  const payment = await sandbox().record(orderNo, 'paid', amountFen);
  return sandbox().notificationFor({ ...payment, result: 'paid' });
}

async function orderRow(id: number) {
  return t.database.db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

describe('the sandbox checkout', () => {
  it('pays through the notify path: the order succeeds and the notification is kept as applied', async () => {
    const { member, order } = await pendingOrder();
    const answer = await api.checkout(order.orderNo, 'success');
    expect(answer.status, answer.text).toBe(200);
    expect(sandboxCheckoutResponseSchema.parse(answer.body).data).toEqual({ orderNo: order.orderNo, status: 'success' });
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    const [record, ...rest] = await api.notifications(order.orderNo);
    expect(rest).toEqual([]);
    expect(record).toMatchObject({
      channel: 'sandbox',
      source: 'notify',
      order_id: order.id,
      amount_fen: 3000,
      outcome: 'paid',
      verified: true,
      flag: 'applied',
    });
    expect(record?.headers).toHaveProperty(SANDBOX_SIGNATURE_HEADER);
    expect(JSON.parse(record?.raw ?? '{}')).toMatchObject({ orderNo: order.orderNo, result: 'paid' });
  });

  it('refuses orders it does not have and bad order numbers', async () => {
    api.refused(await api.checkout('20260101ZZZZZZZZZZZZZZZZ', 'success'), 404, 'ORDER_NOT_FOUND');
    api.refused(await api.checkout('short', 'success'), 400, 'VALIDATION_FAILED');
    const { order } = await pendingOrder();
    api.refused(await api.call('POST', apiPaths.sandboxCheckout(order.orderNo), { body: { result: 'maybe' } }), 400, 'VALIDATION_FAILED');
  });

  it('serves its page localized, with its script beside it and no inline script', async () => {
    const { order } = await pendingOrder();
    const page = await api.call('GET', sandboxCheckoutPagePath(order.orderNo), { root: true, headers: { 'accept-language': 'zh-CN' } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(page.text).toContain('<html lang="zh-CN">');
    expect(page.text).toContain('确认支付');
    expect(page.text).toContain('支付宝');
    expect(page.text).toContain('¥30.00');
    expect(page.text).toContain('月卡会员');
    expect(page.text).toContain(order.orderNo);
    expect(page.text).not.toMatch(/<script>|<script [^>]*>[^<]/);
    expect(page.text).not.toMatch(/ on[a-z]+="/);
    const english = await api.call('GET', sandboxCheckoutPagePath(order.orderNo), { root: true, headers: { 'accept-language': 'en-US' } });
    expect(english.text).toContain('>Pay<');
    expect(english.text).toContain('>Fail<');
    const traditional = await api.call('GET', sandboxCheckoutPagePath(order.orderNo), { root: true, headers: { 'accept-language': 'zh-TW' } });
    expect(traditional.text).toContain('確認付款');
    const script = await api.call('GET', '/sandbox/checkout.js', { root: true });
    expect(script.status).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.text).toContain('fetch(');
    const style = await api.call('GET', '/sandbox/checkout.css', { root: true });
    expect(style.text).toContain('prefers-color-scheme: dark');

    await api.checkout(order.orderNo, 'success');
    const after = await api.call('GET', sandboxCheckoutPagePath(order.orderNo), { root: true, headers: { 'accept-language': 'en-US' } });
    expect(after.text).not.toContain('data-result');
    expect(after.text).toContain('Paid.');
    const missing = await api.call('GET', sandboxCheckoutPagePath('20260101ZZZZZZZZZZZZZZZZ'), { root: true });
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/^text\/html/);
  });
});

describe('notifications apply exactly once', () => {
  it('a second success is a no-op: VIP moves by exactly the plan’s days once', async () => {
    const { member, order } = await pendingOrder({ vipDays: 20 });
    const before = member.user.vip_expire_time?.getTime() ?? 0;
    const notification = await paidNotification(order.orderNo, 3000);
    const first = await notify(notification);
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ success: true, data: { received: true } });
    const second = await notify(notification);
    expect(second.status).toBe(200);
    const third = await notify(await paidNotification(order.orderNo, 3000));
    expect(third.status).toBe(200);

    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(before + 30 * DAY_MS);
    expect((await api.notifications(order.orderNo)).map((record) => record.flag)).toEqual(['applied', 'duplicate', 'duplicate']);
  });

  it('a failure after success is ignored', async () => {
    const { member, order } = await pendingOrder();
    expect((await notify(await paidNotification(order.orderNo, 3000))).status).toBe(200);
    const expiry = await api.vipExpiry(member.user.id);
    const payment = await sandbox().record(order.orderNo, 'paid', 3000);
    const failed = await notify(sandbox().notificationFor({ ...payment, result: 'failed' }));
    expect(failed.status).toBe(200);
    expect(await api.order(member.auth, order.id)).toMatchObject({ status: 'success', failureCode: null });
    expect(await api.vipExpiry(member.user.id)).toEqual(expiry);
    expect((await api.notifications(order.orderNo)).map((record) => [record.outcome, record.flag])).toEqual([
      ['paid', 'applied'],
      ['failed', 'duplicate'],
    ]);
  });

  it('ten copies arriving at once credit once', async () => {
    const { member, order } = await pendingOrder({ planId: plans.week });
    const notification = await paidNotification(order.orderNo, 1200);
    const answers = await Promise.all(Array.from({ length: 10 }, () => notify(notification)));
    expect(answers.map((answer) => answer.status)).toEqual(Array.from({ length: 10 }, () => 200));
    const paidAt = Date.parse((await api.order(member.auth, order.id)).paidAt ?? '');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(paidAt + 7 * DAY_MS);
    const flags = (await api.notifications(order.orderNo)).map((record) => record.flag);
    expect(flags.filter((flag) => flag === 'applied')).toHaveLength(1);
    expect(flags.filter((flag) => flag === 'duplicate')).toHaveLength(9);
  });

  it('ten Pay clicks at once credit once', async () => {
    const { member, order } = await pendingOrder({ planId: plans.week, channel: 'wechat' });
    const answers = await Promise.all(Array.from({ length: 10 }, () => api.checkout(order.orderNo, 'success')));
    expect(answers.filter((answer) => answer.status === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((item) => item.status !== 200)) api.refused(answer, 409, 'ORDER_NOT_PENDING');
    const paidAt = Date.parse((await api.order(member.auth, order.id)).paidAt ?? '');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(paidAt + 7 * DAY_MS);
  });
});

describe('notifications that are refused', () => {
  it('a forged signature: refused, recorded, order untouched', async () => {
    const { member, order } = await pendingOrder();
    // Signed by the sandbox but never recorded as paid there, so only the notification could pay it.
    const genuine = sandbox().notificationFor({ orderNo: order.orderNo, tradeNo: 'SBXFORGED', amountFen: 3000, result: 'paid' });
    const forged = { ...genuine.headers, [SANDBOX_SIGNATURE_HEADER]: 'A'.repeat(43) };
    api.refused(await notify({ body: genuine.body, headers: forged }), 400, 'PAYMENT_SIGNATURE_INVALID');
    const tampered = Buffer.from(genuine.body.toString().replace('"amountFen":3000', '"amountFen":3001'));
    api.refused(await notify({ body: tampered, headers: genuine.headers }), 400, 'PAYMENT_SIGNATURE_INVALID');
    const { [SANDBOX_SIGNATURE_HEADER]: _dropped, ...unsigned } = genuine.headers;
    api.refused(await notify({ body: genuine.body, headers: unsigned }), 400, 'PAYMENT_SIGNATURE_INVALID');
    api.refused(await notify({ body: Buffer.from('garbage'), headers: { 'content-type': 'text/plain' } }), 400, 'PAYMENT_SIGNATURE_INVALID');

    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
    const refused = await t.database.db
      .selectFrom('payment_notifications')
      .selectAll()
      .where('flag', '=', 'signature_invalid')
      .where('raw', 'like', `%${order.orderNo}%`)
      .execute();
    expect(refused).toHaveLength(3);
    expect(refused.every((record) => !record.verified && record.order_id === null)).toBe(true);
  });

  it('a stale one, even correctly signed, is refused', async () => {
    const { order } = await pendingOrder();
    const notification = await paidNotification(order.orderNo, 3000);
    clock.advance(10 * 60_000);
    api.refused(await notify(notification), 400, 'PAYMENT_SIGNATURE_INVALID');
  });

  it('an amount that is not the order’s: refused, recorded and flagged, never credited', async () => {
    const { member, order } = await pendingOrder();
    const wrong = sandbox().notificationFor({ orderNo: order.orderNo, tradeNo: 'SBXWRONG', amountFen: 1, result: 'paid' });
    api.refused(await notify(wrong), 400, 'PAYMENT_AMOUNT_MISMATCH');
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    expect(await api.vipExpiry(member.user.id)).toBeNull();
    expect((await orderRow(order.id)).review_flag).toBe('amount_mismatch');
    expect(await api.notifications(order.orderNo)).toMatchObject([{ flag: 'amount_mismatch', amount_fen: 1, verified: true, order_id: order.id }]);
  });

  it('an order that does not exist is refused and recorded', async () => {
    const notification = sandbox().notificationFor({ orderNo: '20260101NOSUCHORDER00000', tradeNo: 'SBX1', amountFen: 100, result: 'paid' });
    api.refused(await notify(notification), 404, 'ORDER_NOT_FOUND');
    expect(await api.notifications('20260101NOSUCHORDER00000')).toMatchObject([{ flag: 'unknown_order', order_id: null }]);
  });

  it('a channel that is not there is refused', async () => {
    api.refused(await api.call('POST', '/payments/notify/paypal', { raw: 'x' }), 400, 'VALIDATION_FAILED');
    api.refused(await api.call('POST', apiPaths.paymentNotify('alipay'), { raw: 'a=b' }), 400, 'PAYMENT_CHANNEL_UNAVAILABLE');
  });
});

describe('late payments', () => {
  it('money received for an order the member cancelled is credited, and flagged for the operator', async () => {
    const { member, order } = await pendingOrder();
    expect((await api.call('POST', apiPaths.cancelOrder(order.id), { auth: member.auth })).status).toBe(200);
    // The channel had taken the payment before the close reached it.
    await t.database.db.deleteFrom('sandbox_payments').where('order_no', '=', order.orderNo).execute();
    const answer = await notify(await paidNotification(order.orderNo, 3000));
    expect(answer.status).toBe(200);
    const paid = await api.order(member.auth, order.id);
    expect(paid).toMatchObject({ status: 'success', failureCode: null });
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(Date.parse(paid.paidAt ?? '') + 30 * DAY_MS);
    expect((await orderRow(order.id)).review_flag).toBe('late_payment');
    expect((await api.notifications(order.orderNo)).map((record) => record.flag)).toEqual(['late']);
  });

  it('money received after the order expired is credited once and flagged', async () => {
    const { member, order } = await pendingOrder();
    clock.advance(16 * 60_000);
    expect((await api.order(member.auth, order.id)).failureCode).toBe('expired');
    const notification = await paidNotification(order.orderNo, 3000);
    expect((await notify(notification)).status).toBe(200);
    expect((await notify(notification)).status).toBe(200);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect((await orderRow(order.id)).review_flag).toBe('late_payment');
    expect((await api.notifications(order.orderNo)).map((record) => record.flag)).toEqual(['late', 'duplicate']);
    const paidAt = Date.parse((await api.order(member.auth, order.id)).paidAt ?? '');
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(paidAt + 30 * DAY_MS);
  });
});

describe('reconciliation', () => {
  it('settles an order whose notification was lost, through the same apply, once', async () => {
    const { member, order } = await pendingOrder();
    // Paid at the channel; the notification never arrives.
    await sandbox().record(order.orderNo, 'paid', 3000);
    await t.services.payments.reconcile();
    // Younger than a minute: left to its notification for now.
    expect((await orderRow(order.id)).status).toBe('pending');
    clock.advance(61_000);
    const report = await t.services.payments.reconcile();
    expect(report.settled).toBeGreaterThanOrEqual(1);
    const settled = await orderRow(order.id);
    expect(settled.status).toBe('success');
    expect(await api.notifications(order.orderNo)).toMatchObject([{ source: 'query', flag: 'applied', outcome: 'paid' }]);
    // The notification turning up after all changes nothing.
    expect((await notify(await paidNotification(order.orderNo, 3000))).status).toBe(200);
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe((settled.paid_at?.getTime() ?? 0) + 30 * DAY_MS);
    expect((await api.notifications(order.orderNo)).map((record) => record.flag)).toEqual(['applied', 'duplicate']);
  });

  it('applies a failure the channel knows of', async () => {
    const { order } = await pendingOrder({ channel: 'wechat' });
    await sandbox().record(order.orderNo, 'failed', 3000);
    clock.advance(61_000);
    await t.services.payments.reconcile();
    expect(await orderRow(order.id)).toMatchObject({ status: 'failed', failure_code: 'payment_failed' });
  });

  it('closes and cancels orders whose time is up, and leaves the others', async () => {
    const old = await pendingOrder();
    clock.advance(14 * 60_000);
    const young = await pendingOrder();
    clock.advance(61_000);
    await t.services.payments.reconcile();
    expect(await orderRow(old.order.id)).toMatchObject({ status: 'cancelled', failure_code: 'expired' });
    expect((await orderRow(young.order.id)).status).toBe('pending');
    // Closed at the channel too: its checkout can no longer pay it.
    expect((await sandbox().query(old.order.orderNo))?.outcome).toBe('closed');
  });

  it('also runs when the member polls a pending order, at most every few seconds', async () => {
    const { member, order } = await pendingOrder();
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    await sandbox().record(order.orderNo, 'paid', 3000);
    // Asked a moment ago: the next poll does not ask again yet.
    expect((await api.order(member.auth, order.id)).status).toBe('pending');
    clock.advance(5_000);
    expect((await api.order(member.auth, order.id)).status).toBe('success');
    expect(await api.notifications(order.orderNo)).toMatchObject([{ source: 'query', flag: 'applied' }]);
  });
});
