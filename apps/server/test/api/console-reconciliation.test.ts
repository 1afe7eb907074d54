import { API_BASE, type OperatorRole, reconciliationDayResponseSchema, reconciliationListResponseSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dayOf } from '../../src/modules/analytics/days.js';
import { ReconciliationService } from '../../src/modules/orders/reconciliation-service.js';
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

/** Sessions end when idle, and the clock moves by days here: operators sign in again after each move. */
async function signIn() {
  for (const role of ['owner', 'finance', 'support', 'content'] as const) callers.set(role, await consoleAs(t, role));
}

beforeAll(signIn);

async function call(method: 'GET' | 'POST', url: string, role: OperatorRole = 'finance', payload?: Record<string, unknown>) {
  const caller = callers.get(role) as ConsoleCaller;
  const response = await t.server.inject({ method, url: `${CONSOLE}${url}`, headers: caller.headers, ...(payload ? { payload } : {}) });
  return { status: response.statusCode, body: response.json() as Record<string, unknown> & { code?: string; data?: unknown } };
}

/** Each test reconciles a day of its own: the clock moves a day on first. */
async function nextDay(): Promise<string> {
  clock.advance(DAY_MS);
  await signIn();
  return dayOf(clock.now(), t.ctx.config.APP_TIMEZONE);
}

async function sandboxPurchase() {
  const member = await buildUser(t.database.db, t.ctx.tokens);
  const { order } = await api.createOrder(member.auth, { planId: plans.month, channel: 'alipay' });
  const answer = await api.checkout(order.orderNo, 'success');
  expect(answer.status, answer.text).toBe(200);
  const row = await t.database.db.selectFrom('orders').selectAll().where('order_no', '=', order.orderNo).executeTakeFirstOrThrow();
  return row;
}

async function run(day: string, role: OperatorRole = 'finance') {
  const answer = await call('POST', `/reconciliation/${day}/run`, role);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return reconciliationDayResponseSchema.parse(answer.body).data;
}

describe('the daily reconciliation', () => {
  it('matches a day of sandbox payments and a refund, totals on both sides', async () => {
    const day = await nextDay();
    const first = await sandboxPurchase();
    const second = await sandboxPurchase();
    const refund = await call('POST', `/orders/${second.id}/refunds`, 'finance', { refundNo: `RFREC${Date.now().toString(36)}`, amountFen: 1000, reason: 'test' });
    expect(refund.status, JSON.stringify(refund.body)).toBe(200);
    const result = await run(day);
    const sandbox = result.channels.find((channel) => channel.channel === 'sandbox');
    const net = first.amount_fen + second.amount_fen - 1000;
    expect(sandbox).toMatchObject({ status: 'matched', serverCount: 3, channelCount: 3, serverAmountFen: net, channelAmountFen: net, differences: 0, error: null });
    expect(result.status).toBe('matched');
    expect(result.differences).toEqual([]);
    const list = reconciliationListResponseSchema.parse((await call('GET', '/reconciliation')).body).data;
    expect(list.items[0]).toMatchObject({ day, status: 'matched' });
  });

  it('finds each kind of difference, and running the day again replaces its result', async () => {
    const day = await nextDay();
    const db = t.database.db;
    await sandboxPurchase();
    const amount = await sandboxPurchase();
    const missing = await sandboxPurchase();
    const status = await sandboxPurchase();
    await db.updateTable('sandbox_payments').set({ amount_fen: amount.amount_fen + 1 }).where('order_no', '=', amount.order_no).execute();
    await db.deleteFrom('sandbox_payments').where('order_no', '=', missing.order_no).execute();
    await db.updateTable('orders').set({ status: 'cancelled', paid_at: null }).where('id', '=', status.id).execute();
    await db
      .insertInto('sandbox_payments')
      .values({ order_no: 'NOSUCHORDER0001', trade_no: 'SBXSTRANGER', result: 'paid', amount_fen: 500, created_at: clock.now(), updated_at: clock.now() })
      .execute();
    const result = await run(day);
    expect(result.status).toBe('differences');
    const kinds = Object.fromEntries(result.differences.map((line) => [line.kind, line]));
    expect(Object.keys(kinds).sort()).toEqual(['amount_differs', 'missing_at_channel', 'missing_on_server', 'status_differs']);
    expect(kinds.amount_differs).toMatchObject({ orderNo: amount.order_no, serverAmountFen: amount.amount_fen, channelAmountFen: amount.amount_fen + 1, lineType: 'payment' });
    expect(kinds.missing_at_channel).toMatchObject({ orderNo: missing.order_no, orderId: missing.id, channelAmountFen: null });
    expect(kinds.status_differs).toMatchObject({ orderNo: status.order_no, serverStatus: 'cancelled', channelStatus: 'paid' });
    expect(kinds.missing_on_server).toMatchObject({ orderNo: 'NOSUCHORDER0001', orderId: null, channelAmountFen: 500 });
    expect(result.channels.find((channel) => channel.channel === 'sandbox')).toMatchObject({ differences: 4, serverCount: 3, channelCount: 4 });

    await db.updateTable('sandbox_payments').set({ amount_fen: amount.amount_fen }).where('order_no', '=', amount.order_no).execute();
    const again = await run(day);
    expect(again.differences.map((line) => line.kind).sort()).toEqual(['missing_at_channel', 'missing_on_server', 'status_differs']);
    const stored = await db.selectFrom('reconciliation_differences').select('id').where('day', '=', day).execute();
    expect(stored).toHaveLength(3);
    const audits = await db.selectFrom('audit_log').select('target_id').where('action', '=', 'reconciliation.run').where('target_id', '=', day).execute();
    expect(audits).toHaveLength(2);
    const filtered = reconciliationListResponseSchema.parse((await call('GET', '/reconciliation?status=differences')).body).data;
    expect(filtered.items.map((item) => item.day)).toContain(day);
    expect(filtered.items.every((item) => item.status === 'differences')).toBe(true);
  });

  it('runs as a job for yesterday, the same however often', async () => {
    await nextDay();
    await sandboxPurchase();
    const yesterday = dayOf(clock.now(), t.ctx.config.APP_TIMEZONE);
    clock.advance(DAY_MS);
    await signIn();
    const service = new ReconciliationService(t.ctx, t.services.payments.channels);
    const job = service.job();
    const signal = new AbortController().signal;
    await job.run({}, { id: 'a', signal });
    const first = await service.detail(yesterday);
    await job.run({}, { id: 'b', signal });
    const second = await service.detail(yesterday);
    const strip = (detail: typeof first) => ({ ...detail, channels: detail.channels.map(({ computedAt: _c, ...rest }) => rest) });
    expect(strip(second)).toEqual(strip(first));
    expect(first.status).toBe('matched');
    const rows = await t.database.db.selectFrom('reconciliation_days').select('channel').where('day', '=', yesterday).execute();
    expect(rows.map((row) => row.channel)).toEqual(['sandbox']);
  });

  it('is for finance and the owner only', async () => {
    const day = dayOf(clock.now(), t.ctx.config.APP_TIMEZONE);
    for (const role of ['support', 'content'] as const) {
      for (const [method, url] of [['GET', '/reconciliation'], ['GET', `/reconciliation/${day}`], ['POST', `/reconciliation/${day}/run`]] as const) {
        const answer = await call(method, url, role);
        expect(answer.status, `${role} ${method} ${url}`).toBe(403);
        expect(answer.body.code).toBe('OPERATOR_FORBIDDEN');
      }
    }
    await run(day, 'owner');
  });

  it('refuses bad input with the envelope and a stable code', async () => {
    const cases: Array<[string, string, number, string]> = [
      ['GET', '/reconciliation/2026-13-45', 400, 'VALIDATION_FAILED'],
      ['GET', '/reconciliation/yesterday', 400, 'VALIDATION_FAILED'],
      ['POST', '/reconciliation/2026-02-30/run', 400, 'VALIDATION_FAILED'],
      ['GET', '/reconciliation?limit=0', 400, 'VALIDATION_FAILED'],
      ['GET', '/reconciliation?status=perfect', 400, 'VALIDATION_FAILED'],
      ['GET', '/reconciliation/1999-01-01', 404, 'RECONCILIATION_NOT_FOUND'],
      ['POST', `/reconciliation/${dayOf(new Date(clock.now().getTime() + 3 * DAY_MS), 'Asia/Shanghai')}/run`, 400, 'RECONCILIATION_DAY_IN_FUTURE'],
    ];
    for (const [method, url, status, code] of cases) {
      const answer = await call(method as 'GET', url);
      expect(answer.status, `${method} ${url}`).toBe(status);
      expect(answer.body).toMatchObject({ success: false, code });
    }
  });
});
