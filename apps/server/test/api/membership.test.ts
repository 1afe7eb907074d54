import { apiPaths, paymentChannelListResponseSchema, sandboxCheckoutResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminAuth } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { DAY_MS, membershipClient } from '../support/membership.js';
import { grantVip } from '../support/operator-acts.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, RECONCILE_INTERVAL_SECONDS: '0' });
const api = membershipClient(t);

describe('membership plans', () => {
  it('are public: week, month, quarter and year with their days and prices in fen', async () => {
    const plans = await api.plans();
    expect(plans.map((plan) => [plan.code, plan.days, plan.priceFen])).toEqual([
      ['week', 7, 1200],
      ['month', 30, 3000],
      ['quarter', 90, 7800],
      ['year', 365, 26800],
    ]);
    for (const plan of plans) {
      expect(plan.pricePerDayFen).toBeCloseTo(plan.priceFen / plan.days, 10);
      if (plan.originalPriceFen !== null) expect(plan.originalPriceFen).toBeGreaterThan(plan.priceFen);
    }
  });

  it('mark the lowest price per day as the best value, and only that one', async () => {
    const plans = await api.plans();
    const best = plans.filter((plan) => plan.isBestValue);
    expect(best.map((plan) => plan.code)).toEqual(['year']);
    const cheapest = Math.min(...plans.map((plan) => plan.pricePerDayFen));
    expect(best[0]?.pricePerDayFen).toBe(cheapest);
  });

  it('follow a price change in the database, best value included', async () => {
    const month = await api.plan('month');
    await t.database.db.updateTable('membership_plans').set({ price_fen: 300 }).where('id', '=', month.id).execute();
    try {
      const plans = await api.plans();
      expect(plans.find((plan) => plan.code === 'month')).toMatchObject({ priceFen: 300, pricePerDayFen: 10, isBestValue: true });
      expect(plans.filter((plan) => plan.isBestValue)).toHaveLength(1);
    } finally {
      await t.database.db.updateTable('membership_plans').set({ price_fen: 3000 }).where('id', '=', month.id).execute();
    }
  });

  it('leave out a plan taken off sale', async () => {
    const week = await api.plan('week');
    await t.database.db.updateTable('membership_plans').set({ is_active: false }).where('id', '=', week.id).execute();
    try {
      expect((await api.plans()).map((plan) => plan.code)).not.toContain('week');
      const member = await buildUser(t.database.db, t.ctx.tokens);
      api.refused(await api.call('POST', apiPaths.orders(), { auth: member.auth, body: { planId: week.id, channel: 'alipay' } }), 404, 'PLAN_NOT_FOUND');
    } finally {
      await t.database.db.updateTable('membership_plans').set({ is_active: true }).where('id', '=', week.id).execute();
    }
  });

  it('are named in the request’s language', async () => {
    expect((await api.plans('zh-CN')).map((plan) => plan.name)).toEqual(['周卡会员', '月卡会员', '季卡会员', '年卡会员']);
    expect((await api.plans('zh-TW')).map((plan) => plan.name)).toEqual(['週卡會員', '月卡會員', '季卡會員', '年卡會員']);
    expect((await api.plans('en-US')).map((plan) => plan.name)).toEqual(['Weekly VIP', 'Monthly VIP', 'Quarterly VIP', 'Annual VIP']);
  });
});

describe('payment channels', () => {
  it('are both offered in sandbox mode when no merchant settings are given', async () => {
    const answer = await api.call('GET', apiPaths.paymentChannels());
    expect(answer.status).toBe(200);
    expect(paymentChannelListResponseSchema.parse(answer.body).data.items).toEqual([
      { id: 'alipay', mode: 'sandbox' },
      { id: 'wechat', mode: 'sandbox' },
    ]);
  });
});

describe('buying VIP', () => {
  async function buy(auth: Record<string, string>, code: 'week' | 'month' | 'quarter' | 'year') {
    const plan = await api.plan(code);
    const { order } = await api.createOrder(auth, { planId: plan.id, channel: 'wechat' });
    const paid = await api.checkout(order.orderNo, 'success');
    expect(paid.status, paid.text).toBe(200);
    expect(sandboxCheckoutResponseSchema.parse(paid.body).data.status).toBe('success');
    return api.order(auth, order.id);
  }

  it('starts from the moment of payment for a member who never had VIP', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const before = Date.now();
    const order = await buy(member.auth, 'month');
    const expiry = (await api.vipExpiry(member.user.id))?.getTime() ?? 0;
    const paidAt = Date.parse(order.paidAt ?? '');
    expect(paidAt).toBeGreaterThanOrEqual(before - 1000);
    expect(expiry).toBe(paidAt + 30 * DAY_MS);
    const me = await api.call('GET', apiPaths.me(), { auth: member.auth });
    expect(me.body).toMatchObject({ data: { vipLevel: 1, vipExpireTime: new Date(expiry).toISOString() } });
  });

  it('starts from the moment of payment when VIP has lapsed', async () => {
    const lapsed = await buildUser(t.database.db, t.ctx.tokens, { vipDays: -3 });
    const order = await buy(lapsed.auth, 'week');
    expect((await api.vipExpiry(lapsed.user.id))?.getTime()).toBe(Date.parse(order.paidAt ?? '') + 7 * DAY_MS);
  });

  it('adds to the current expiry while VIP is running', async () => {
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 10 });
    const current = vip.user.vip_expire_time?.getTime() ?? 0;
    await buy(vip.auth, 'quarter');
    expect((await api.vipExpiry(vip.user.id))?.getTime()).toBe(current + 90 * DAY_MS);
    await buy(vip.auth, 'year');
    expect((await api.vipExpiry(vip.user.id))?.getTime()).toBe(current + (90 + 365) * DAY_MS);
  });

  it('opens locked episodes once paid', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const locked = await t.database.db.selectFrom('episodes').select('id').where('is_free', '=', false).orderBy('id').executeTakeFirstOrThrow();
    const before = await api.call('GET', apiPaths.play(locked.id), { auth: member.auth });
    api.refused(before, 403, 'VIP_REQUIRED');
    await buy(member.auth, 'week');
    expect((await api.call('GET', apiPaths.play(locked.id), { auth: member.auth })).status).toBe(200);
  });

  it('and the operator’s grant count the same way, one after the other', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const order = await buy(member.auth, 'week');
    const granted = await grantVip(t, member.user.id, 3, { auth: await adminAuth(t, 'support'), reason: 'goodwill' });
    const expiry = Date.parse(granted.vipExpireTime ?? '');
    expect(expiry).toBe(Date.parse(order.paidAt ?? '') + (7 + 3) * DAY_MS);
  });
});
