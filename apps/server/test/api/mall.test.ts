import { apiPaths, mallExchangeResponseSchema, mallListResponseSchema, pointsRecordListResponseSchema } from '@drama/contracts';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { expectBalancesMatchLedger } from '../support/ledger.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;
let now = new Date('2030-03-10T04:00:00Z');
const t = useTestApp({ APP_TIMEZONE: 'Asia/Shanghai', ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => now });
const { call, refused, member, grant } = memberCalls(t);

afterEach(async () => {
  await expectBalancesMatchLedger(t.database.db);
});

/** A member with `points` in the ledger (granted by the operator, as in production). */
async function memberWith(points: number, options: { vipDays?: number } = {}) {
  const built = await member(options);
  if (points > 0) await grant(built.user.id, points, 'starting points');
  return built;
}

type Localised = Record<'zh-CN' | 'zh-Hant' | 'en-US', string>;

/** An item of VIP days the operator adds beside the seeded ones. */
async function addVipItem(item: {
  slug: string;
  name: Localised;
  description: Localised;
  cost_points: number;
  value: number;
  stock?: number;
  sort_order?: number;
  is_active?: boolean;
}) {
  return t.database.db
    .insertInto('mall_items')
    .values({ ...item, kind: 'vip_days', name: JSON.stringify(item.name), description: JSON.stringify(item.description) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

async function mall(auth: Auth, locale = 'en-US') {
  return okData(await call('GET', apiPaths.mall(), { ...auth, 'accept-language': locale }), mallListResponseSchema);
}

async function itemOfDays(days: number) {
  const item = await t.database.db.selectFrom('mall_items').selectAll().where('slug', '=', `vip-${days}d`).executeTakeFirst();
  if (!item) throw new Error(`no ${days}-day item`);
  return item;
}

async function exchange(auth: Auth, itemId: number, locale = 'en-US') {
  return call('POST', apiPaths.mallExchange(itemId), { ...auth, 'accept-language': locale });
}

/** The member's records, read in `locale`. */
async function records(auth: Auth, locale: string) {
  return okData(await call('GET', apiPaths.pointsRecords(), { ...auth, 'accept-language': locale }), pointsRecordListResponseSchema);
}

async function userRow(id: number) {
  return t.database.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function ledgerRows(userId: number) {
  return t.database.db.selectFrom('points_records').selectAll().where('user_id', '=', userId).orderBy('id').execute();
}

describe('GET /client/points/mall', () => {
  it('is for members only', async () => {
    refused(await call('GET', apiPaths.mall()), 401, 'UNAUTHORIZED');
    refused(await call('POST', apiPaths.mallExchange(1)), 401, 'UNAUTHORIZED');
  });

  it('lists the seeded VIP days in order, in the request’s language, with the balance', async () => {
    const { auth } = await memberWith(150);
    const english = await mall(auth);
    expect(english.balance).toBe(150);
    expect(english.items.map((item) => [item.kind, item.value, item.costPoints, item.stock, item.name])).toEqual([
      ['vip_days', 1, 100, null, '1-day VIP'],
      ['vip_days', 3, 280, null, '3-day VIP'],
      ['vip_days', 7, 600, null, '7-day VIP'],
      ['vip_days', 30, 2200, null, '30-day VIP'],
    ]);
    expect(english.items[0]?.description).toMatch(/VIP episode/);
    const chinese = await mall(auth, 'zh-CN');
    expect(chinese.items.map((item) => item.name)).toEqual(['1天会员', '3天会员', '7天会员', '30天会员']);
    expect((await mall(auth, 'zh-TW')).items[0]?.name).toBe('1天會員');
  });
});

describe('POST /client/points/mall/{itemId}/exchange', () => {
  it('spends the points, writes the ledger and adds the VIP days from now', async () => {
    now = new Date('2030-03-10T04:00:00Z');
    const { user, auth } = await memberWith(700);
    const week = await itemOfDays(7);
    const answer = await exchange(auth, week.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const result = mallExchangeResponseSchema.parse(answer.body).data;
    expect(result).toMatchObject({
      balance: 100,
      vipLevel: 1,
      vipExpireTime: new Date(now.getTime() + 7 * DAY_MS).toISOString(),
      item: { id: week.id, value: 7, costPoints: 600 },
      record: {
        type: 'vip_exchange',
        amount: -600,
        balanceAfter: 100,
        note: null,
        reference: `mall:${week.id}`,
        cause: { kind: 'mall', itemId: week.id, itemName: '7-day VIP' },
      },
    });
    // The next exchange adds on to the running membership.
    now = new Date('2030-03-11T04:00:00Z');
    const day = await itemOfDays(1);
    const again = mallExchangeResponseSchema.parse((await exchange(auth, day.id)).body).data;
    expect(again.balance).toBe(0);
    const eightDays = new Date(Date.parse('2030-03-10T04:00:00Z') + 8 * DAY_MS).toISOString();
    expect(again.vipExpireTime).toBe(eightDays);
    expect((await userRow(user.id)).vip_expire_time?.toISOString()).toBe(eightDays);

    const history = pointsRecordListResponseSchema.parse((await call('GET', apiPaths.pointsRecords(), auth)).body).data;
    expect(history.items.map((r) => [r.type, r.amount])).toEqual([
      ['vip_exchange', -100],
      ['vip_exchange', -600],
      ['admin', 700],
    ]);
  });

  it('keeps no language in the record: it reads in the reader’s language, whatever it was made in', async () => {
    const { user, auth } = await memberWith(300);
    const day = await itemOfDays(1);
    expect((await exchange(auth, day.id, 'en-US')).status).toBe(200);
    expect((await exchange(auth, day.id, 'zh-CN')).status).toBe(200);
    const names = async (locale: string) =>
      (await records(auth, locale)).items.filter((r) => r.type === 'vip_exchange').map((r) => r.cause);
    const cause = (itemName: string) => ({ kind: 'mall', itemId: day.id, itemName });
    expect(await names('zh-CN')).toEqual([cause('1天会员'), cause('1天会员')]);
    expect(await names('en-US')).toEqual([cause('1-day VIP'), cause('1-day VIP')]);
    expect(await names('zh-Hant')).toEqual([cause('1天會員'), cause('1天會員')]);
    // What is stored is the code and its value, never the text of the language it was made in.
    expect((await ledgerRows(user.id)).filter((r) => r.type === 'vip_exchange').map((r) => [r.note, r.reference])).toEqual([
      [null, `mall:${day.id}`],
      [null, `mall:${day.id}`],
    ]);
  });

  it('an old record with only a note keeps showing its note', async () => {
    const { user, auth } = await memberWith(0);
    await t.database.db
      .insertInto('points_records')
      .values({ user_id: user.id, type: 'other', amount: 5, balance_after: 5, note: '活动奖励', reference: null, created_at: now })
      .execute();
    await t.database.db.updateTable('users').set({ points: 5 }).where('id', '=', user.id).execute();
    expect((await records(auth, 'en-US')).items.map((r) => [r.note, r.cause])).toEqual([['活动奖励', null]]);
  });

  it('with too few points: 422 with current and required, and nothing changes', async () => {
    const { user, auth } = await memberWith(99);
    const before = await userRow(user.id);
    const day = await itemOfDays(1);
    const details = refused(await exchange(auth, day.id), 422, 'INSUFFICIENT_POINTS');
    expect(details).toEqual({ current: 99, required: 100 });
    const month = await itemOfDays(30);
    expect(refused(await exchange(auth, month.id), 422, 'INSUFFICIENT_POINTS')).toEqual({ current: 99, required: 2200 });
    const after = await userRow(user.id);
    expect(after.points).toBe(99);
    expect(after.vip_level).toBe(before.vip_level);
    expect(after.vip_expire_time).toEqual(before.vip_expire_time);
    expect((await ledgerRows(user.id)).map((r) => r.type)).toEqual(['admin']);
  });

  it('takes from a limited stock and refuses when none is left, changing nothing', async () => {
    const limited = await addVipItem({
      slug: 'vip-90d-limited',
      name: { 'zh-CN': '90天会员（限量）', 'zh-Hant': '90天會員（限量）', 'en-US': '90-day VIP (limited)' },
      description: { 'zh-CN': '限量', 'zh-Hant': '限量', 'en-US': 'Limited' },
      cost_points: 50,
      value: 90,
      stock: 1,
      sort_order: 9,
    });
    const poor = await memberWith(10);
    refused(await exchange(poor.auth, limited.id), 422, 'INSUFFICIENT_POINTS');
    expect((await mall(poor.auth)).items.find((item) => item.id === limited.id)?.stock).toBe(1);

    const first = await memberWith(100);
    const bought = mallExchangeResponseSchema.parse((await exchange(first.auth, limited.id)).body).data;
    expect(bought.item.stock).toBe(0);
    expect(bought.balance).toBe(50);

    const second = await memberWith(100);
    refused(await exchange(second.auth, limited.id), 409, 'MALL_ITEM_SOLD_OUT');
    expect((await userRow(second.user.id)).points).toBe(100);
    expect((await userRow(second.user.id)).vip_level).toBe(0);
    expect((await mall(second.auth)).items.find((item) => item.id === limited.id)?.stock).toBe(0);
  });

  it('refuses unknown, withdrawn and malformed items', async () => {
    const { auth } = await memberWith(5000);
    refused(await exchange(auth, 99_999_999), 404, 'MALL_ITEM_NOT_FOUND');
    const withdrawn = await addVipItem({
      slug: 'vip-2d-withdrawn',
      name: { 'zh-CN': '2天', 'zh-Hant': '2天', 'en-US': '2 days' },
      description: { 'zh-CN': '', 'zh-Hant': '', 'en-US': '' },
      cost_points: 1,
      value: 2,
      is_active: false,
    });
    refused(await exchange(auth, withdrawn.id), 404, 'MALL_ITEM_NOT_FOUND');
    expect((await mall(auth)).items.some((item) => item.id === withdrawn.id)).toBe(false);
    for (const bad of ['abc', '0', '-1', '1.5']) {
      refused(await call('POST', `/client/points/mall/${bad}/exchange`, auth), 400, 'VALIDATION_FAILED');
    }
  });
});
