import {
  apiPaths,
  createOrderResponseSchema,
  orderDetailResponseSchema,
  orderListResponseSchema,
  sandboxCheckoutPagePath,
} from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { useTestApp } from '../support/test-app.js';

const clock = movableClock();
const t = useTestApp({ RECONCILE_INTERVAL_SECONDS: '0', PUBLIC_BASE_URL: 'https://drama.example.test' }, { clock: clock.now });
const api = membershipClient(t);
const plans = usePlanIds(api);

async function member() {
  return buildUser(t.database.db, t.ctx.tokens);
}

describe('creating an order', () => {
  it('makes a pending order for the plan’s price and days, with a QR code for the sandbox checkout', async () => {
    const { auth } = await member();
    const before = clock.now().getTime();
    const { order, payment } = await api.createOrder(auth, { planId: plans.month, channel: 'alipay' });
    expect(order).toMatchObject({
      planId: plans.month,
      planCode: 'month',
      planName: 'Monthly VIP',
      amountFen: 3000,
      days: 30,
      channel: 'alipay',
      status: 'pending',
      failureCode: null,
      failureReason: null,
      paidAt: null,
    });
    expect(order.orderNo).toMatch(/^\d{8}[0-9A-Z]{16}$/);
    const created = Date.parse(order.createdAt);
    expect(created).toBeGreaterThanOrEqual(before - 1000);
    // 15 minutes to pay (ORDER_EXPIRY_SECONDS, default 900).
    expect(Date.parse(order.expiresAt) - created).toBe(900_000);
    // Mode qr when none is asked for: the other modes' fields are null.
    expect(payment).toEqual({
      mode: 'qr',
      qrContent: `https://drama.example.test${sandboxCheckoutPagePath(order.orderNo)}`,
      redirectUrl: null,
      jsapiParams: null,
      expiresAt: order.expiresAt,
    });
  });

  it('names the plan in the request’s language', async () => {
    const { auth } = await member();
    const answer = await api.call('POST', apiPaths.orders(), {
      auth,
      body: { planId: plans.week, channel: 'wechat' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(createOrderResponseSchema.parse(answer.body).data.order.planName).toBe('周卡会员');
  });

  it('resumes the pending order of the same plan and channel instead of making another', async () => {
    const { auth } = await member();
    const first = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    const again = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    expect(again.order.id).toBe(first.order.id);
    expect(again.payment).toEqual(first.payment);
    const other = await api.createOrder(auth, { planId: plans.week, channel: 'wechat' });
    expect(other.order.id).not.toBe(first.order.id);
  });

  it('makes one order when the same request arrives twice at once', async () => {
    const { auth, user } = await member();
    const answers = await Promise.all([1, 2, 3].map(() => api.createOrder(auth, { planId: plans.month, channel: 'wechat' })));
    expect(new Set(answers.map((answer) => answer.order.id)).size).toBe(1);
    const rows = await t.database.db.selectFrom('orders').select('id').where('user_id', '=', user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuses an unknown plan, a bad plan id, an unknown channel and a missing body', async () => {
    const { auth } = await member();
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: { planId: 999_999, channel: 'alipay' } }), 404, 'PLAN_NOT_FOUND');
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: { planId: 'week', channel: 'alipay' } }), 400, 'VALIDATION_FAILED');
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: { planId: -1, channel: 'alipay' } }), 400, 'VALIDATION_FAILED');
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: { planId: plans.week, channel: 'paypal' } }), 400, 'VALIDATION_FAILED');
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: { planId: plans.week } }), 400, 'VALIDATION_FAILED');
    api.refused(await api.call('POST', apiPaths.orders(), { auth, body: {} }), 400, 'VALIDATION_FAILED');
  });

  it('needs a signed-in member', async () => {
    api.refused(await api.call('POST', apiPaths.orders(), { body: { planId: plans.week, channel: 'alipay' } }), 401, 'UNAUTHORIZED');
    api.refused(
      await api.call('POST', apiPaths.orders(), { body: { planId: plans.week, channel: 'alipay' }, auth: { authorization: 'Bearer nonsense' } }),
      401,
      'UNAUTHORIZED',
    );
    const disabled = await buildUser(t.database.db, t.ctx.tokens, { status: 0 });
    api.refused(await api.call('POST', apiPaths.orders(), { auth: disabled.auth, body: { planId: plans.week, channel: 'alipay' } }), 401, 'UNAUTHORIZED');
    for (const path of [apiPaths.orders(), apiPaths.order(1)]) api.refused(await api.call('GET', path), 401, 'UNAUTHORIZED');
    api.refused(await api.call('POST', apiPaths.cancelOrder(1)), 401, 'UNAUTHORIZED');
  });

  it('is rate limited per member', async () => {
    const { auth } = await member();
    const answers = [];
    for (let i = 0; i < 11; i += 1) {
      answers.push(await api.call('POST', apiPaths.orders(), { auth, body: { planId: plans.week, channel: 'alipay' } }));
    }
    expect(answers.slice(0, 10).every((answer) => answer.status === 200)).toBe(true);
    const details = api.refused(answers[10]!, 429, 'RATE_LIMITED');
    expect(details.retryAfter).toBeGreaterThan(0);
    // Another member is not held back.
    const other = await member();
    expect((await api.call('POST', apiPaths.orders(), { auth: other.auth, body: { planId: plans.week, channel: 'alipay' } })).status).toBe(200);
  });
});

describe('a member’s orders', () => {
  it('are listed newest first, paged, and filtered by status', async () => {
    const { auth } = await member();
    const week = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    clock.advance(1000);
    const month = await api.createOrder(auth, { planId: plans.month, channel: 'alipay' });
    clock.advance(1000);
    const paid = await api.createOrder(auth, { planId: plans.month, channel: 'wechat' });
    expect((await api.checkout(paid.order.orderNo, 'success')).status).toBe(200);

    const all = orderListResponseSchema.parse((await api.call('GET', apiPaths.orders(), { auth })).body).data;
    expect(all.items.map((order) => order.id)).toEqual([paid.order.id, month.order.id, week.order.id]);
    expect(all).toMatchObject({ page: 1, limit: 20, total: 3 });

    const second = orderListResponseSchema.parse((await api.call('GET', `${apiPaths.orders()}?page=2&limit=2`, { auth })).body).data;
    expect(second.items.map((order) => order.id)).toEqual([week.order.id]);
    expect(second.total).toBe(3);

    const pending = orderListResponseSchema.parse((await api.call('GET', `${apiPaths.orders()}?status=pending`, { auth })).body).data;
    expect(pending.items.map((order) => order.id)).toEqual([month.order.id, week.order.id]);
    const success = orderListResponseSchema.parse((await api.call('GET', `${apiPaths.orders()}?status=success`, { auth })).body).data;
    expect(success.items.map((order) => order.status)).toEqual(['success']);

    for (const bad of ['?status=paid', '?page=0', '?limit=101', '?limit=abc']) {
      api.refused(await api.call('GET', `${apiPaths.orders()}${bad}`, { auth }), 400, 'VALIDATION_FAILED');
    }
  });

  it('show a status this version does not know as unknown', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    await t.database.db.updateTable('orders').set({ status: 'refunded', failure_code: 'chargeback' }).where('id', '=', order.id).execute();
    expect(await api.order(auth, order.id)).toMatchObject({ status: 'unknown', failureCode: null, payment: null });
    const unknown = orderListResponseSchema.parse((await api.call('GET', `${apiPaths.orders()}?status=unknown`, { auth })).body).data;
    expect(unknown.items.map((item) => item.id)).toEqual([order.id]);
    api.refused(await api.call('POST', apiPaths.cancelOrder(order.id), { auth }), 409, 'ORDER_NOT_PENDING');
  });

  it('are out of every other member’s reach: list, detail, cancel', async () => {
    const owner = await member();
    const stranger = await member();
    const { order } = await api.createOrder(owner.auth, { planId: plans.week, channel: 'alipay' });

    const list = orderListResponseSchema.parse((await api.call('GET', apiPaths.orders(), { auth: stranger.auth })).body).data;
    expect(list.items).toEqual([]);
    expect(list.total).toBe(0);
    const detail = await api.call('GET', apiPaths.order(order.id), { auth: stranger.auth });
    const missing = await api.call('GET', apiPaths.order(2_000_000_000), { auth: stranger.auth });
    api.refused(detail, 404, 'ORDER_NOT_FOUND');
    // Someone else's order is answered exactly like one that does not exist.
    expect(detail.body).toEqual(missing.body);
    api.refused(await api.call('POST', apiPaths.cancelOrder(order.id), { auth: stranger.auth }), 404, 'ORDER_NOT_FOUND');
    expect((await api.order(owner.auth, order.id)).status).toBe('pending');
  });

  it('refuse bad ids', async () => {
    const { auth } = await member();
    for (const id of ['abc', '0', '-4', '1.5', '99999999999']) {
      api.refused(await api.call('GET', `/client/orders/${id}`, { auth }), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('order states', () => {
  it('pending → success when paid: payment info gone, paid time set', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    expect((await api.order(auth, order.id)).payment).not.toBeNull();
    expect((await api.checkout(order.orderNo, 'success')).status).toBe(200);
    const paid = await api.order(auth, order.id);
    expect(paid).toMatchObject({ status: 'success', failureCode: null, payment: null });
    expect(Date.parse(paid.paidAt ?? '')).toBeGreaterThan(0);
  });

  it('pending → failed when the payment fails', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.week, channel: 'wechat' });
    expect((await api.checkout(order.orderNo, 'fail')).status).toBe(200);
    expect(await api.order(auth, order.id)).toMatchObject({
      status: 'failed',
      failureCode: 'payment_failed',
      failureReason: expect.any(String) as string,
      paidAt: null,
      payment: null,
    });
  });

  it('pending → cancelled by the member, who can then not cancel it again', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.month, channel: 'alipay' });
    const answer = await api.call('POST', apiPaths.cancelOrder(order.id), { auth });
    expect(answer.status, answer.text).toBe(200);
    expect(orderDetailResponseSchema.parse(answer.body).data).toMatchObject({
      status: 'cancelled',
      failureCode: 'cancelled_by_user',
      payment: null,
    });
    const details = api.refused(await api.call('POST', apiPaths.cancelOrder(order.id), { auth }), 409, 'ORDER_NOT_PENDING');
    expect(details.status).toBe('cancelled');
    // Its code can no longer be paid, and a new order for the same plan is a new one.
    api.refused(await api.checkout(order.orderNo, 'success'), 409, 'ORDER_NOT_PENDING');
    const fresh = await api.createOrder(auth, { planId: plans.month, channel: 'alipay' });
    expect(fresh.order.id).not.toBe(order.id);
  });

  it('a paid or failed order cannot be cancelled', async () => {
    const { auth } = await member();
    const paid = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    await api.checkout(paid.order.orderNo, 'success');
    expect(api.refused(await api.call('POST', apiPaths.cancelOrder(paid.order.id), { auth }), 409, 'ORDER_NOT_PENDING').status).toBe('success');
    const failed = await api.createOrder(auth, { planId: plans.week, channel: 'wechat' });
    await api.checkout(failed.order.orderNo, 'fail');
    expect(api.refused(await api.call('POST', apiPaths.cancelOrder(failed.order.id), { auth }), 409, 'ORDER_NOT_PENDING').status).toBe('failed');
    expect((await api.order(auth, paid.order.id)).status).toBe('success');
  });

  it('pending → cancelled (expired) once its time is up: never shown pending after that', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.week, channel: 'alipay' });
    clock.advance(899_000);
    expect((await api.order(auth, order.id)).status).toBe('pending');
    clock.advance(1_000);
    const expired = await api.order(auth, order.id);
    expect(expired).toMatchObject({ status: 'cancelled', failureCode: 'expired', payment: null, paidAt: null });
    const listed = orderListResponseSchema.parse((await api.call('GET', apiPaths.orders(), { auth })).body).data.items;
    expect(listed.find((item) => item.id === order.id)?.status).toBe('cancelled');
    api.refused(await api.call('POST', apiPaths.cancelOrder(order.id), { auth }), 409, 'ORDER_NOT_PENDING');
    api.refused(await api.checkout(order.orderNo, 'success'), 409, 'ORDER_NOT_PENDING');
  });

  it('an expired order is cancelled when the list is read, and cannot be resumed', async () => {
    const { auth } = await member();
    const { order } = await api.createOrder(auth, { planId: plans.month, channel: 'wechat' });
    clock.advance(901_000);
    const pending = orderListResponseSchema.parse((await api.call('GET', `${apiPaths.orders()}?status=pending`, { auth })).body).data;
    expect(pending.items).toEqual([]);
    const cancelling = await api.call('POST', apiPaths.cancelOrder(order.id), { auth });
    expect(api.refused(cancelling, 409, 'ORDER_NOT_PENDING').status).toBe('cancelled');
    const fresh = await api.createOrder(auth, { planId: plans.month, channel: 'wechat' });
    expect(fresh.order.id).not.toBe(order.id);
    expect(fresh.order.status).toBe('pending');
  });
});
