import {
  API_BASE,
  apiErrorEnvelopeSchema,
  consoleOrderDetailResponseSchema,
  consoleOrderListResponseSchema,
  consoleOrderReviewResponseSchema,
  consoleRefundResponseSchema,
  orderChannelQueryResponseSchema,
  type OperatorRole,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { shortenedExpiry, vipDaysRefunded } from '../../src/modules/orders/refund-settlement.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const clock = movableClock();
const t = useTestApp({ RECONCILE_INTERVAL_SECONDS: '0' }, { clock: clock.now });
const api = membershipClient(t);
const plans = usePlanIds(api);
const CONSOLE = `${API_BASE}/console`;
const callers = new Map<OperatorRole, ConsoleCaller>();

beforeAll(async () => {
  for (const role of ['owner', 'finance', 'support', 'content'] as const) callers.set(role, await consoleAs(t, role));
});

type Method = 'GET' | 'POST';

async function call(method: Method, url: string, payload?: unknown, role: OperatorRole = 'finance') {
  const caller = callers.get(role) as ConsoleCaller;
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: caller.headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  let body: unknown = null;
  try {
    body = response.json();
  } catch {
    body = null;
  }
  return { status: response.statusCode, body, text: response.body, headers: response.headers };
}

/** A member who bought the month plan through the sandbox, and their VIP expiry after it. */
async function paidOrder(options: { vipDays?: number } = {}) {
  const member = await buildUser(t.database.db, t.ctx.tokens, options.vipDays === undefined ? {} : { vipDays: options.vipDays });
  const { order } = await api.createOrder(member.auth, { planId: plans.month, channel: 'alipay' });
  const answer = await api.checkout(order.orderNo, 'success');
  expect(answer.status, answer.text).toBe(200);
  const expiry = await api.vipExpiry(member.user.id);
  return { member, order, expiry: expiry as Date };
}

let refundSequence = 0;
function refundNo(): string {
  refundSequence += 1;
  return `RF${Date.now().toString(36)}${String(refundSequence).padStart(4, '0')}`;
}

async function refundRows(orderId: number) {
  return t.database.db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

async function auditRows(orderId: number) {
  return t.database.db
    .selectFrom('audit_log')
    .selectAll()
    .where('action', '=', 'order.refund')
    .where('target_id', '=', String(orderId))
    .orderBy('id')
    .execute();
}

function expectError(answer: { status: number; body: unknown }, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(apiErrorEnvelopeSchema.parse(answer.body).code).toBe(code);
}

describe('roles', () => {
  it('lets finance and the owner in, and refuses support and content on every route', async () => {
    const { order } = await paidOrder();
    const now = new Date().toISOString();
    const routes: Array<[Method, string, unknown?]> = [
      ['GET', '/orders'],
      ['GET', '/orders/review'],
      ['GET', `/orders/export.csv?from=${encodeURIComponent(new Date(Date.now() - DAY_MS).toISOString())}&to=${encodeURIComponent(now)}`],
      ['GET', `/orders/${order.id}`],
      ['POST', `/orders/${order.id}/query`],
      ['POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 1, reason: 'role check' }],
    ];
    for (const [method, url, payload] of routes) {
      for (const role of ['support', 'content'] as const) {
        expectError(await call(method, url, payload, role), 403, 'OPERATOR_FORBIDDEN');
      }
      for (const role of ['finance', 'owner'] as const) {
        const answer = await call(method, url, payload === undefined ? undefined : { ...payload, refundNo: refundNo() }, role);
        expect(answer.status, `${role} ${method} ${url}: ${answer.text.slice(0, 200)}`).toBe(200);
      }
      const anonymous = await t.server.inject({ method, url: `${CONSOLE}${url}` });
      expect(anonymous.statusCode).toBe(401);
    }
  });
});

describe('list, detail and review', () => {
  it('filters by status, channel, plan, dates, amount and number, paged', async () => {
    const { order, member } = await paidOrder();
    const list = okData(await call('GET', `/orders?q=${order.orderNo}`), consoleOrderListResponseSchema);
    expect(list.items).toHaveLength(1);
    expect(list.items[0]).toMatchObject({ id: order.id, status: 'success', channel: 'alipay', channelMode: 'sandbox', amountFen: 3000, refundedFen: 0, userId: member.user.id });
    const from = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    const filtered = okData(await call('GET', `/orders?status=success&channel=alipay&planCode=month&from=${from}&minFen=3000&maxFen=3000&limit=100`), consoleOrderListResponseSchema);
    expect(filtered.items.map((item) => item.id)).toContain(order.id);
    const none = okData(await call('GET', `/orders?q=${order.orderNo}&status=pending`), consoleOrderListResponseSchema);
    expect(none.total).toBe(0);
    const cheap = okData(await call('GET', `/orders?q=${order.orderNo}&maxFen=2999`), consoleOrderListResponseSchema);
    expect(cheap.total).toBe(0);
    const byMember = okData(await call('GET', `/orders?q=${member.user.id}`), consoleOrderListResponseSchema);
    expect(byMember.items.map((item) => item.id)).toEqual([order.id]);
  });

  it('shows the notifications as received and what each did', async () => {
    const { order } = await paidOrder();
    const detail = okData(await call('GET', `/orders/${order.id}`), consoleOrderDetailResponseSchema);
    expect(detail.notifications).toHaveLength(1);
    expect(detail.notifications[0]).toMatchObject({ channel: 'sandbox', source: 'notify', verified: true, flag: 'applied', outcome: 'paid', amountFen: 3000 });
    expect(detail.notifications[0]?.raw).toContain(order.orderNo);
    expect(detail.notifications[0]?.headers).toHaveProperty('x-sandbox-signature');
    expect(detail.refundableFen).toBe(3000);
    expectError(await call('GET', '/orders/987654'), 404, 'ORDER_NOT_FOUND');
  });

  it('asks the channel now and records its answer', async () => {
    const { order } = await paidOrder();
    const answer = okData(await call('POST', `/orders/${order.id}/query`), orderChannelQueryResponseSchema);
    expect(answer).toMatchObject({ outcome: 'paid', flag: 'duplicate' });
    expect(answer.detail.notifications.map((item) => item.source)).toEqual(['notify', 'query']);
  });

  it('queues late payments, amount mismatches and notifications about unknown orders', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { order } = await api.createOrder(member.auth, { planId: plans.week, channel: 'wechat' });
    const sandbox = t.services.payments.channels.sandbox;
    if (!sandbox) throw new Error('sandbox off');
    await t.services.payments.apply('sandbox', { orderNo: order.orderNo, channelTradeNo: 'T1', amountFen: 1, outcome: 'paid', reason: null, raw: '{}' }, 'notify');
    await t.services.payments.apply('sandbox', { orderNo: 'NO-SUCH-ORDER-1', channelTradeNo: 'T2', amountFen: 100, outcome: 'paid', reason: null, raw: '{}' }, 'notify');
    const queue = okData(await call('GET', '/orders/review?limit=100'), consoleOrderReviewResponseSchema);
    expect(queue.items.find((item) => item.kind === 'amount_mismatch' && item.order?.id === order.id)).toBeTruthy();
    expect(queue.items.find((item) => item.kind === 'unknown_order' && item.notification?.orderNo === 'NO-SUCH-ORDER-1')).toBeTruthy();
    const unknownOnly = okData(await call('GET', '/orders/review?kind=unknown_order&limit=100'), consoleOrderReviewResponseSchema);
    expect(unknownOnly.items.every((item) => item.kind === 'unknown_order')).toBe(true);
  });
});

describe('refunds', () => {
  it('documents its VIP rule: proportional days, every day for a full refund, never before now', () => {
    expect(vipDaysRefunded(30, 3000, 1000)).toBe(10);
    expect(vipDaysRefunded(30, 3000, 1001)).toBe(10);
    expect(vipDaysRefunded(30, 3000, 2999)).toBe(29);
    expect(vipDaysRefunded(30, 3000, 3000)).toBe(30);
    const now = new Date('2026-01-15T00:00:00Z');
    expect(shortenedExpiry(new Date('2026-01-20T00:00:00Z'), 3, now)).toEqual(new Date('2026-01-17T00:00:00Z'));
    expect(shortenedExpiry(new Date('2026-01-20T00:00:00Z'), 30, now)).toEqual(now);
    expect(shortenedExpiry(new Date('2026-01-10T00:00:00Z'), 30, now)).toEqual(new Date('2026-01-10T00:00:00Z'));
  });

  it('applies a partial then a full refund: VIP shortened in proportion then by all the days, recorded and audited', async () => {
    const { order, member, expiry } = await paidOrder({ vipDays: 100 });
    const first = okData(await call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 1000, reason: 'partial: service outage' }), consoleRefundResponseSchema);
    expect(first.refund).toMatchObject({ status: 'succeeded', amountFen: 1000, vipDaysRemoved: 10 });
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(expiry.getTime() - 10 * DAY_MS);
    expect(first.detail.refundableFen).toBe(2000);
    expect(first.detail.order.refundedFen).toBe(1000);

    expectError(await call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 2001, reason: 'too much' }), 422, 'REFUND_EXCEEDS_PAID');

    const rest = okData(await call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 2000, reason: 'the rest' }), consoleRefundResponseSchema);
    expect(rest.refund).toMatchObject({ status: 'succeeded', vipDaysRemoved: 20 });
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(expiry.getTime() - 30 * DAY_MS);
    expect(rest.detail.refundableFen).toBe(0);
    expectError(await call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 1, reason: 'more' }), 422, 'REFUND_EXCEEDS_PAID');

    const audits = await auditRows(order.id);
    expect(audits).toHaveLength(2);
    expect(audits.map((row) => (typeof row.after === 'string' ? JSON.parse(row.after) : row.after))).toMatchObject([
      { amountFen: 1000, vipDaysRemoved: 10, reason: 'partial: service outage' },
      { amountFen: 2000, vipDaysRemoved: 20 },
    ]);
    const refunded = okData(await call('GET', `/orders?q=${order.orderNo}&status=refunded`), consoleOrderListResponseSchema);
    expect(refunded.items.map((item) => item.id)).toEqual([order.id]);
  });

  it('never moves VIP before now on a full refund', async () => {
    const { order, member } = await paidOrder();
    const before = Date.now();
    okData(await call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 3000, reason: 'full' }), consoleRefundResponseSchema);
    const expiry = (await api.vipExpiry(member.user.id)) as Date;
    expect(expiry.getTime()).toBeGreaterThanOrEqual(before);
    expect(expiry.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('applies once under replay and under parallel requests, VIP and records consistent', async () => {
    const { order, member, expiry } = await paidOrder({ vipDays: 60 });
    const body = { refundNo: refundNo(), amountFen: 1500, reason: 'double click' };
    const answers = await Promise.all(Array.from({ length: 6 }, () => call('POST', `/orders/${order.id}/refunds`, body)));
    for (const answer of answers) expect(answer.status, answer.text).toBe(200);
    const replay = okData(await call('POST', `/orders/${order.id}/refunds`, body), consoleRefundResponseSchema);
    expect(replay.refund).toMatchObject({ refundNo: body.refundNo, status: 'succeeded', vipDaysRemoved: 15 });
    expect(await refundRows(order.id)).toHaveLength(1);
    expect(await auditRows(order.id)).toHaveLength(1);
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(expiry.getTime() - 15 * DAY_MS);
    const sandboxRefunds = await t.database.db.selectFrom('sandbox_refunds').selectAll().where('order_no', '=', order.orderNo).execute();
    expect(sandboxRefunds).toHaveLength(1);

    // Different refund numbers sent together: each is its own refund, and together they never exceed what was paid.
    const many = await Promise.all(
      Array.from({ length: 4 }, () => call('POST', `/orders/${order.id}/refunds`, { refundNo: refundNo(), amountFen: 600, reason: 'parallel' })),
    );
    expect(many.filter((answer) => answer.status === 200)).toHaveLength(2);
    for (const answer of many.filter((item) => item.status !== 200)) expectError(answer, 422, 'REFUND_EXCEEDS_PAID');
    const rows = await refundRows(order.id);
    expect(rows.reduce((sum, row) => sum + row.amount_fen, 0)).toBe(2700);
    expect(rows.reduce((sum, row) => sum + (row.vip_days_removed ?? 0), 0)).toBe(vipDaysRefunded(30, 3000, 2700));
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(expiry.getTime() - vipDaysRefunded(30, 3000, 2700) * DAY_MS);
  });

  it('refuses a refund number reused for another amount, an order not paid, and bad input with the envelope', async () => {
    const { order } = await paidOrder();
    const no = refundNo();
    okData(await call('POST', `/orders/${order.id}/refunds`, { refundNo: no, amountFen: 100, reason: 'first' }), consoleRefundResponseSchema);
    expectError(await call('POST', `/orders/${order.id}/refunds`, { refundNo: no, amountFen: 200, reason: 'first' }), 409, 'REFUND_NO_CONFLICT');

    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { order: pending } = await api.createOrder(member.auth, { planId: plans.week, channel: 'alipay' });
    expectError(await call('POST', `/orders/${pending.id}/refunds`, { refundNo: refundNo(), amountFen: 100, reason: 'not paid' }), 409, 'REFUND_NOT_ALLOWED');

    for (const bad of [
      { refundNo: 'short', amountFen: 100, reason: 'x' },
      { refundNo: refundNo(), amountFen: 0, reason: 'x' },
      { refundNo: refundNo(), amountFen: 100, reason: '   ' },
      { refundNo: refundNo(), amountFen: 1.5, reason: 'x' },
    ]) {
      expectError(await call('POST', `/orders/${order.id}/refunds`, bad), 400, 'VALIDATION_FAILED');
    }
    expectError(await call('GET', '/orders?minFen=-1'), 400, 'VALIDATION_FAILED');
    expectError(await call('GET', '/orders/export.csv?from=yesterday&to=today'), 400, 'VALIDATION_FAILED');
  });
});

describe('CSV export', () => {
  it('streams a period with a member name that tries a formula', async () => {
    const { order, member } = await paidOrder();
    await t.database.db.updateTable('users').set({ username: '=cmd|"/c calc"!A1,x' }).where('id', '=', member.user.id).execute();
    const from = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const answer = await call('GET', `/orders/export.csv?from=${from}&to=${to}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-type']).toMatch(/^text\/csv/);
    expect(answer.headers['content-disposition']).toMatch(/attachment; filename="orders-/);
    const lines = answer.text.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe('order_no,created_at,paid_at,user_id,username,plan,days,channel,mode,status,amount_yuan,refunded_yuan,channel_trade_no,review_flag');
    const line = lines.find((item) => item.startsWith(order.orderNo));
    expect(line).toContain(`,"'=cmd|""/c calc""!A1,x",month,30,alipay,sandbox,success,30.00,0.00,`);
    const audit = await t.database.db.selectFrom('audit_log').select('action').where('action', '=', 'order.export').executeTakeFirst();
    expect(audit).toBeTruthy();
  });
});

describe('partly refunded orders', () => {
  async function refunded(amountFen: number) {
    const paid = await paidOrder();
    okData(await call('POST', `/orders/${paid.order.id}/refunds`, { refundNo: refundNo(), amountFen, reason: 'refund state' }), consoleRefundResponseSchema);
    return paid;
  }

  it('reads as partly refunded with the amount, a full refund as refunded, in the list, the detail, the filters and the export', async () => {
    const { order: partly } = await refunded(1000);
    const { order: full } = await refunded(3000);
    const { order: untouched } = await paidOrder();

    const detail = okData(await call('GET', `/orders/${partly.id}`), consoleOrderDetailResponseSchema);
    expect(detail.order).toMatchObject({ status: 'success', refundState: 'partly_refunded', refundedFen: 1000, amountFen: 3000 });
    const listed = async (q: string, status = '') => okData(await call('GET', `/orders?q=${q}${status}`), consoleOrderListResponseSchema).items;
    expect(await listed(full.orderNo)).toMatchObject([{ refundState: 'refunded', refundedFen: 3000 }]);
    expect(await listed(untouched.orderNo)).toMatchObject([{ refundState: null, refundedFen: 0 }]);

    expect((await listed(partly.orderNo, '&status=partly_refunded')).map((item) => item.id)).toEqual([partly.id]);
    expect(await listed(partly.orderNo, '&status=refunded')).toEqual([]);
    expect((await listed(full.orderNo, '&status=refunded')).map((item) => item.id)).toEqual([full.id]);
    expect(await listed(full.orderNo, '&status=partly_refunded')).toEqual([]);
    expect(await listed(untouched.orderNo, '&status=partly_refunded')).toEqual([]);

    const from = encodeURIComponent(new Date(Date.now() - 60_000).toISOString());
    const to = encodeURIComponent(new Date(Date.now() + 60_000).toISOString());
    const csv = (await call('GET', `/orders/export.csv?from=${from}&to=${to}`)).text.split('\r\n');
    const statusOf = (orderNo: string) => csv.find((line) => line.startsWith(orderNo))?.split(',').slice(9, 12);
    expect(statusOf(partly.orderNo)).toEqual(['partly_refunded', '30.00', '10.00']);
    expect(statusOf(full.orderNo)).toEqual(['refunded', '30.00', '30.00']);
    expect(statusOf(untouched.orderNo)).toEqual(['success', '30.00', '0.00']);
    const onlyPartly = (await call('GET', `/orders/export.csv?from=${from}&to=${to}&status=partly_refunded`)).text;
    expect(onlyPartly).toContain(partly.orderNo);
    expect(onlyPartly).not.toContain(full.orderNo);
  });

  it('asking the channel about a refunded order answers its refund state, not paid, and changes nothing', async () => {
    const { order: partly, member } = await refunded(1000);
    const expiry = await api.vipExpiry(member.user.id);
    const partlyAnswer = okData(await call('POST', `/orders/${partly.id}/query`), orderChannelQueryResponseSchema);
    expect(partlyAnswer).toMatchObject({ outcome: 'partly_refunded', flag: 'duplicate' });
    expect(partlyAnswer.detail.order).toMatchObject({ status: 'success', refundState: 'partly_refunded', refundedFen: 1000 });
    expect(partlyAnswer.detail.refundableFen).toBe(2000);
    expect(await api.vipExpiry(member.user.id)).toEqual(expiry);
    // What the channel said stays as received.
    expect(partlyAnswer.detail.notifications.at(-1)).toMatchObject({ source: 'query', outcome: 'paid' });

    const { order: full } = await refunded(3000);
    const fullAnswer = okData(await call('POST', `/orders/${full.id}/query`), orderChannelQueryResponseSchema);
    expect(fullAnswer).toMatchObject({ outcome: 'refunded', flag: 'duplicate' });
    expect(fullAnswer.detail.order.refundState).toBe('refunded');

    const audit = await t.database.db.selectFrom('audit_log').select('after').where('action', '=', 'order.query').where('target_id', '=', String(full.id)).executeTakeFirstOrThrow();
    expect(typeof audit.after === 'string' ? JSON.parse(audit.after) : audit.after).toMatchObject({ outcome: 'refunded', channelOutcome: 'paid' });
  });
});
