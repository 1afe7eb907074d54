import { API_BASE } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { DAY_MS, membershipClient, movableClock, usePlanIds } from '../support/membership.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { channelKeys, liveChannelEnv } from '../support/payment-stand-ins.js';
import { startedPerFile } from '../support/per-file.js';
import { startRefundStandIn } from '../support/refund-stand-in.js';
import { useTestApp } from '../support/test-app.js';

/*
 * Live Alipay refunds against a local stand-in of its gateway. Code 10000 from
 * alipay.trade.refund is the request taken; the money has moved only on fund_change Y or once
 * alipay.trade.fastpay.refund.query says REFUND_SUCCESS, and only then does the member lose VIP.
 */
const keys = channelKeys();
const standIn = startedPerFile('the refund stand-in', () => startRefundStandIn(keys), (started) => started.close(), 120_000);
const clock = movableClock();
const t = useTestApp(() => ({ ...liveChannelEnv(keys, standIn.url), RECONCILE_INTERVAL_SECONDS: '0' }), { clock: clock.now }, 120_000);
const api = membershipClient(t);
const plans = usePlanIds(api);
let finance: ConsoleCaller;
let sequence = 0;

beforeAll(async () => {
  finance = await consoleAs(t, 'finance');
});

/** A member with 60 days of VIP, 30 of them from a paid live Alipay month. */
async function paidAlipayOrder() {
  sequence += 1;
  const member = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 60 });
  const orderNo = `20261127ALRF${String(sequence).padStart(6, '0')}`;
  const now = t.ctx.clock();
  const order = await t.database.db
    .insertInto('orders')
    .values({ order_no: orderNo, user_id: member.user.id, plan_id: plans.month, channel: 'alipay', channel_mode: 'live', amount_fen: 3000, days: 30, status: 'success', failure_code: null, failure_reason: null, qr_content: null, channel_trade_no: `2026${orderNo.slice(-8)}`, review_flag: null, expires_at: now, paid_at: now, closed_at: null, last_queried_at: null, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  standIn.paid.set(orderNo, 3000);
  const vipBefore = (await api.vipExpiry(member.user.id))?.getTime() ?? 0;
  return { member, order, refundNo: `RFAL${orderNo.slice(-6)}`, vipBefore };
}

type Paid = Awaited<ReturnType<typeof paidAlipayOrder>>;

const refundCall = (paid: Paid) =>
  t.server.inject({
    method: 'POST',
    url: `${API_BASE}/console/orders/${paid.order.id}/refunds`,
    headers: finance.headers,
    payload: { refundNo: paid.refundNo, amountFen: 3000, reason: 'duplicate purchase' },
  });

const refundOf = (refundNo: string) => t.database.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirstOrThrow();

/** What the refund did to the member and the records: days of VIP taken, audit rows, refunds made at Alipay. */
async function effects(paid: Paid) {
  const vip = (await api.vipExpiry(paid.member.user.id))?.getTime() ?? 0;
  const audits = await t.database.db.selectFrom('audit_log').select('via').where('action', '=', 'order.refund').where('target_id', '=', String(paid.order.id)).execute();
  return {
    vipDaysTaken: (paid.vipBefore - vip) / DAY_MS,
    audits: audits.length,
    atAlipay: [...standIn.refunds.values()].filter((refund) => refund.refundNo === paid.refundNo).length,
  };
}

const queriesOf = (refundNo: string) =>
  standIn.calls.filter((call) => call.what === 'alipay.trade.fastpay.refund.query' && call.signatureValid && call.body.includes(refundNo)).length;

describe('Alipay refunds', () => {
  it('takes code 10000 with fund_change N as refunded once the refund query says REFUND_SUCCESS, and only once', async () => {
    const paid = await paidAlipayOrder();
    standIn.alipayFundChangeN = true;
    try {
      const answer = await refundCall(paid);
      expect(answer.statusCode, answer.body).toBe(200);
    } finally {
      standIn.alipayFundChangeN = false;
    }
    expect(queriesOf(paid.refundNo)).toBe(1);
    expect(await refundOf(paid.refundNo)).toMatchObject({ status: 'succeeded', vip_days_removed: 30 });
    expect((await refundOf(paid.refundNo)).raw).toContain('REFUND_SUCCESS');
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
    // Sent again: the same refund, nothing more taken.
    const again = await refundCall(paid);
    expect(again.statusCode, again.body).toBe(200);
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
  });

  it('keeps a refund the query does not confirm processing with the VIP as it was, and settles it once when a later query does', async () => {
    const paid = await paidAlipayOrder();
    standIn.alipayPending = true;
    try {
      const answer = await refundCall(paid);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toMatchObject({ data: { refund: { status: 'processing', vipDaysRemoved: null }, detail: { refundableFen: 0 } } });
    } finally {
      standIn.alipayPending = false;
    }
    expect(await effects(paid)).toEqual({ vipDaysTaken: 0, audits: 0, atAlipay: 1 });
    expect(queriesOf(paid.refundNo)).toBe(1);

    // Asked a moment ago: reconciliation leaves it for now.
    await t.services.payments.reconcile();
    expect(queriesOf(paid.refundNo)).toBe(1);
    // A minute on, asked again: still nothing from Alipay, still processing, VIP kept.
    clock.advance(61_000);
    expect((await t.services.payments.reconcile()).refundsSettled).toBe(0);
    expect(queriesOf(paid.refundNo)).toBe(2);
    expect((await refundOf(paid.refundNo)).status).toBe('processing');
    expect(await effects(paid)).toEqual({ vipDaysTaken: 0, audits: 0, atAlipay: 1 });

    standIn.settleAlipay(paid.refundNo);
    clock.advance(61_000);
    expect((await t.services.payments.reconcile()).refundsSettled).toBe(1);
    expect(await refundOf(paid.refundNo)).toMatchObject({ status: 'succeeded', vip_days_removed: 30 });
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
    const kept = await t.database.db.selectFrom('payment_notifications').select(['source', 'flag', 'channel']).where('order_id', '=', paid.order.id).execute();
    expect(kept).toEqual([{ source: 'query', flag: 'applied', channel: 'alipay' }]);

    // Settled: never asked about or applied again.
    clock.advance(61_000);
    expect((await t.services.payments.reconcile()).refundsSettled).toBe(0);
    expect(queriesOf(paid.refundNo)).toBe(3);
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
  });

  it('takes a retry of a refund Alipay had already made (fund_change N, the query says REFUND_SUCCESS) as refunded, not failed', async () => {
    const paid = await paidAlipayOrder();
    // Alipay makes the refund, but its answer does not verify: we cannot tell what happened.
    standIn.tamperAnswers = true;
    try {
      const lost = await refundCall(paid);
      expect(lost.statusCode, lost.body).toBe(502);
      expect(lost.json()).toMatchObject({ code: 'PAYMENT_CHANNEL_ERROR' });
    } finally {
      standIn.tamperAnswers = false;
    }
    expect((await refundOf(paid.refundNo)).status).toBe('processing');
    expect(await effects(paid)).toEqual({ vipDaysTaken: 0, audits: 0, atAlipay: 1 });

    const retried = await refundCall(paid);
    expect(retried.statusCode, retried.body).toBe(200);
    expect(retried.json()).toMatchObject({ data: { refund: { status: 'succeeded', vipDaysRemoved: 30 } } });
    expect((await refundOf(paid.refundNo)).raw).toContain('"fund_change":"N"');
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
  });

  it('settles a processing refund once under 20 attempts at once (sent again from the console, and reconciliation)', async () => {
    const paid = await paidAlipayOrder();
    standIn.alipayPending = true;
    try {
      expect((await refundCall(paid)).statusCode).toBe(200);
    } finally {
      standIn.alipayPending = false;
    }
    expect((await refundOf(paid.refundNo)).status).toBe('processing');
    expect(await effects(paid)).toEqual({ vipDaysTaken: 0, audits: 0, atAlipay: 1 });
    standIn.settleAlipay(paid.refundNo);
    clock.advance(61_000);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? refundCall(paid) : t.services.payments.reconcile())),
    );
    for (const attempt of attempts) {
      if ('statusCode' in attempt) {
        expect(attempt.statusCode, attempt.body).toBe(200);
        expect(attempt.json()).toMatchObject({ data: { refund: { status: 'succeeded', vipDaysRemoved: 30 } } });
      }
    }
    expect(await refundOf(paid.refundNo)).toMatchObject({ status: 'succeeded', vip_days_removed: 30 });
    expect(await effects(paid)).toEqual({ vipDaysTaken: 30, audits: 1, atAlipay: 1 });
    const refunds = await t.database.db.selectFrom('refunds').select('status').where('order_id', '=', paid.order.id).execute();
    expect(refunds).toEqual([{ status: 'succeeded' }]);
    const applied = await t.database.db.selectFrom('payment_notifications').select('flag').where('order_id', '=', paid.order.id).where('flag', '=', 'applied').execute();
    expect(applied.length).toBeLessThanOrEqual(1);
  });
});
