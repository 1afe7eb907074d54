import { API_BASE, apiPaths } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { membershipClient, usePlanIds } from '../support/membership.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { channelKeys, liveChannelEnv, wechatNotification } from '../support/payment-stand-ins.js';
import { startedPerFile } from '../support/per-file.js';
import { startRefundStandIn } from '../support/refund-stand-in.js';
import { useTestApp } from '../support/test-app.js';

/** The app with live channels whose refund API is a local stand-in: WeChat Pay answers PROCESSING and notifies the result later. */
const keys = channelKeys();
const standIn = startedPerFile('the refund stand-in', () => startRefundStandIn(keys), (started) => started.close(), 120_000);
const t = useTestApp(() => ({ ...liveChannelEnv(keys, standIn.url), RECONCILE_INTERVAL_SECONDS: '0' }), {}, 120_000);
const api = membershipClient(t);
const plans = usePlanIds(api);
let finance: ConsoleCaller;
let sequence = 0;

beforeAll(async () => {
  finance = await consoleAs(t, 'finance');
});

/** A member's paid live WeChat Pay month, as if its notification had come. */
async function paidWechatOrder() {
  sequence += 1;
  const member = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 30 });
  const orderNo = `20261127WXRN${String(sequence).padStart(6, '0')}`;
  const now = new Date();
  const order = await t.database.db
    .insertInto('orders')
    .values({ order_no: orderNo, user_id: member.user.id, plan_id: plans.month, channel: 'wechat', channel_mode: 'live', amount_fen: 3000, days: 30, status: 'success', failure_code: null, failure_reason: null, qr_content: null, channel_trade_no: `4200${orderNo}`, review_flag: null, expires_at: now, paid_at: now, closed_at: null, last_queried_at: null, created_at: now })
    .returningAll()
    .executeTakeFirstOrThrow();
  standIn.paid.set(orderNo, 3000);
  return { member, order };
}

function refundResource(orderNo: string, refundNo: string, status: string, refund = 3000) {
  return { mchid: keys.wechat.mchId, out_trade_no: orderNo, transaction_id: `4200${orderNo}`, out_refund_no: refundNo, refund_id: `50${refundNo}`, refund_status: status, amount: { total: 3000, refund, payer_total: 3000, payer_refund: refund } };
}

async function notify(resource: Record<string, unknown>, eventType: string) {
  const notification = wechatNotification(keys.wechat, resource, { eventType });
  return t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.paymentNotify('wechat')}`, headers: notification.headers, payload: notification.body });
}

async function refundOf(refundNo: string) {
  return t.database.db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirstOrThrow();
}

async function startRefund(orderId: number, refundNo: string) {
  standIn.wechatProcessing = true;
  const answer = await t.server.inject({
    method: 'POST',
    url: `${API_BASE}/console/orders/${orderId}/refunds`,
    headers: finance.headers,
    payload: { refundNo, amountFen: 3000, reason: 'duplicate purchase' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const body = JSON.parse(standIn.calls.at(-1)?.body ?? '{}') as { notify_url?: string };
  expect(body.notify_url).toBe('https://pay.example.test/api/v1/payments/notify/wechat');
  expect((await refundOf(refundNo)).status).toBe('processing');
}

describe('WeChat Pay refund result notifications', () => {
  it('settle a processing refund once: VIP shortened and audited once, a repeat changes nothing', async () => {
    const { member, order } = await paidWechatOrder();
    const refundNo = `RFWXNOTICE${sequence}`;
    await startRefund(order.id, refundNo);
    const before = await api.vipExpiry(member.user.id);

    const first = await notify(refundResource(order.order_no, refundNo, 'SUCCESS'), 'REFUND.SUCCESS');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toEqual({ code: 'SUCCESS', message: 'OK' });
    const settled = await refundOf(refundNo);
    expect(settled).toMatchObject({ status: 'succeeded', vip_days_removed: 30, channel_refund_no: `50${refundNo}` });
    const after = await api.vipExpiry(member.user.id);
    expect((before as Date).getTime() - (after as Date).getTime()).toBeGreaterThan(29 * 86_400_000);

    const again = await notify(refundResource(order.order_no, refundNo, 'SUCCESS'), 'REFUND.SUCCESS');
    expect(again.statusCode).toBe(200);
    expect(await refundOf(refundNo)).toEqual(settled);
    expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(after?.getTime());
    const audits = await t.database.db.selectFrom('audit_log').selectAll().where('action', '=', 'order.refund').where('target_id', '=', String(order.id)).execute();
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ via: 'schedule' });
    const flags = await t.database.db.selectFrom('payment_notifications').select('flag').where('order_id', '=', order.id).orderBy('id').execute();
    expect(flags.map((row) => row.flag)).toEqual(['applied', 'duplicate']);
  });

  it('fail a refund on ABNORMAL or CLOSED, leaving the VIP as it was', async () => {
    for (const status of ['ABNORMAL', 'CLOSED']) {
      const { member, order } = await paidWechatOrder();
      const refundNo = `RFWXNOTICE${sequence}`;
      await startRefund(order.id, refundNo);
      const before = await api.vipExpiry(member.user.id);
      const answer = await notify(refundResource(order.order_no, refundNo, status), `REFUND.${status}`);
      expect(answer.statusCode).toBe(200);
      expect(await refundOf(refundNo)).toMatchObject({ status: 'failed', failure_reason: `WeChat Pay refund ${status}` });
      expect((await api.vipExpiry(member.user.id))?.getTime()).toBe(before?.getTime());
    }
  });

  it('refuse a notified amount other than the refund’s, and take one about no refund of ours without changing anything', async () => {
    const { order } = await paidWechatOrder();
    const refundNo = `RFWXNOTICE${sequence}`;
    await startRefund(order.id, refundNo);
    const wrong = await notify(refundResource(order.order_no, refundNo, 'SUCCESS', 2999), 'REFUND.SUCCESS');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'FAIL' });
    expect((await refundOf(refundNo)).status).toBe('processing');
    const unknown = await notify(refundResource(order.order_no, 'RFNOSUCH', 'SUCCESS'), 'REFUND.SUCCESS');
    expect(unknown.statusCode).toBe(200);
    expect((await refundOf(refundNo)).status).toBe('processing');
  });
});
