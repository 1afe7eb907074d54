import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  consoleMallItemListResponseSchema,
  consoleMallItemResponseSchema,
  consoleTaskRewardListResponseSchema,
  mallExchangeResponseSchema,
  mallListResponseSchema,
  pointsSummaryResponseSchema,
  OPERATOR_ROLES,
  type OperatorRole,
  taskClaimResponseSchema,
  taskListResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { expectBalancesMatchLedger } from '../support/ledger.js';
import { memberCalls } from '../support/member-calls.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

let offsetMs = 0;
const clock = () => new Date(Date.UTC(2026, 10, 20, 2, 0, 0) + offsetMs);
const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, APP_TIMEZONE: 'Asia/Shanghai' }, { clock });
const CONSOLE = `${API_BASE}/console`;
const { call: viewerCall, member, grant } = memberCalls(t);

const callers = new Map<OperatorRole, ConsoleCaller>();
const as = (role: OperatorRole) => callers.get(role) as ConsoleCaller;

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) callers.set(role, await consoleAs(t, role));
});

async function call(role: OperatorRole, method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, payload?: unknown) {
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: as(role).headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: JSON.parse(response.body) as unknown };
}

function refused(answer: { status: number; body: unknown }, status: number, code: string) {
  expect(answer.status, JSON.stringify(answer.body)).toBe(status);
  expect(apiErrorEnvelopeSchema.parse(answer.body).code).toBe(code);
}

const text = (name: string) => ({ 'zh-CN': `${name} 简`, 'zh-Hant': `${name} 繁`, 'en-US': `${name} en` });

function newItem(overrides: Record<string, unknown> = {}) {
  return { name: text('Week'), description: text('Seven days'), costPoints: 70, value: 7, stock: null, onSale: true, sortOrder: 5, ...overrides };
}

async function createItem(overrides: Record<string, unknown> = {}) {
  return okData(await call('finance', 'POST', '/points/mall-items', newItem(overrides)), consoleMallItemResponseSchema);
}

async function auditRows(action: string, id: number | string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(id)).orderBy('id').execute();
}

async function viewerMall(auth: Record<string, string>, locale = 'en-US') {
  return okData(await viewerCall('GET', apiPaths.mall(), { ...auth, 'accept-language': locale }), mallListResponseSchema);
}

async function viewerTasks(auth: Record<string, string>) {
  return okData(await viewerCall('GET', apiPaths.tasks(), auth), taskListResponseSchema);
}

describe('points in the console: who may', () => {
  it('lets finance and the owner in, and no one else, on every route', async () => {
    const item = await createItem();
    const routes: Array<[method: 'GET' | 'POST' | 'PATCH' | 'PUT', url: string, body?: unknown]> = [
      ['GET', '/points/mall-items'],
      ['GET', `/points/mall-items/${item.id}`],
      ['POST', '/points/mall-items', newItem({ onSale: false })],
      ['PATCH', `/points/mall-items/${item.id}`, { sortOrder: 6 }],
      ['GET', '/points/task-rewards'],
      ['PUT', '/points/task-rewards/shareContent', { reward: 10 }],
      ['PUT', '/points/check-in-rewards', { rewards: [10, 10, 15, 15, 20, 20, 30] }],
    ];
    for (const [method, url, body] of routes) {
      for (const role of ['content', 'support'] as const) refused(await call(role, method, url, body), 403, 'OPERATOR_FORBIDDEN');
      const anonymous = await t.server.inject({ method, url: `${CONSOLE}${url}`, ...(body ? { payload: body as Record<string, unknown> } : {}) });
      expect(anonymous.statusCode).toBe(401);
      for (const role of ['finance', 'owner'] as const) expect((await call(role, method, url, body)).status).toBe(200);
    }
  });
});

describe('mall items', () => {
  it('refuses bad input with the envelope and a stable code, never a 500', async () => {
    const item = await createItem();
    const bad: Array<[method: 'POST' | 'PATCH', url: string, body: unknown]> = [
      ['POST', '/points/mall-items', {}],
      ['POST', '/points/mall-items', newItem({ name: { 'zh-CN': 'x', 'en-US': 'x' } })],
      ['POST', '/points/mall-items', newItem({ name: text('x'), description: { ...text('d'), 'en-US': 'x'.repeat(201) } })],
      ['POST', '/points/mall-items', newItem({ name: { ...text('x'), 'zh-Hant': '   ' } })],
      ['POST', '/points/mall-items', newItem({ costPoints: 0 })],
      ['POST', '/points/mall-items', newItem({ costPoints: 1.5 })],
      ['POST', '/points/mall-items', newItem({ value: -1 })],
      ['POST', '/points/mall-items', newItem({ stock: -1 })],
      ['POST', '/points/mall-items', newItem({ onSale: 'yes' })],
      ['PATCH', `/points/mall-items/${item.id}`, {}],
      ['PATCH', `/points/mall-items/${item.id}`, { costPoints: '10' }],
      ['PATCH', '/points/mall-items/abc', { costPoints: 10 }],
    ];
    for (const [method, url, body] of bad) refused(await call('finance', method, url, body), 400, 'VALIDATION_FAILED');
    refused(await call('finance', 'PATCH', '/points/mall-items/987654', { costPoints: 10 }), 404, 'MALL_ITEM_NOT_FOUND');
    refused(await call('finance', 'GET', '/points/mall-items/987654'), 404, 'MALL_ITEM_NOT_FOUND');
    refused(await call('finance', 'GET', '/points/mall-items?sale=maybe'), 400, 'VALIDATION_FAILED');
  });

  it('puts an item on sale for members at once, in their language, and audits each change', async () => {
    const buyer = await member();
    const made = await createItem({ name: text('Fortnight'), costPoints: 140, value: 14, stock: 2 });
    expect(made).toMatchObject({ kind: 'vip_days', costPoints: 140, value: 14, stock: 2, onSale: true, sortOrder: 5, exchanged: 0 });
    expect(made.name).toEqual(text('Fortnight'));

    const offered = (await viewerMall(buyer.auth, 'zh-Hant')).items.find((item) => item.id === made.id);
    expect(offered).toMatchObject({ name: 'Fortnight 繁', description: 'Seven days 繁', costPoints: 140, value: 14, stock: 2 });

    const edited = okData(await call('owner', 'PATCH', `/points/mall-items/${made.id}`, { costPoints: 120, name: text('Two weeks') }), consoleMallItemResponseSchema);
    expect(edited).toMatchObject({ costPoints: 120, value: 14, stock: 2 });
    expect((await viewerMall(buyer.auth)).items.find((item) => item.id === made.id)).toMatchObject({ name: 'Two weeks en', costPoints: 120 });

    const created = await auditRows('mall-item.create', made.id);
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ username: as('finance').operator.username, target_type: 'mall-item' });
    expect(created[0]?.after).toMatchObject({ costPoints: 140, stock: 2, onSale: true });
    const updated = await auditRows('mall-item.update', made.id);
    expect(updated).toHaveLength(1);
    expect(updated[0]).toMatchObject({ username: as('owner').operator.username });
    expect(updated[0]?.before).toMatchObject({ costPoints: 140, name: text('Fortnight') });
    expect(updated[0]?.after).toMatchObject({ costPoints: 120, name: text('Two weeks') });
  });

  it('takes an item off sale: gone from the mall, its exchange refused, nothing spent', async () => {
    const buyer = await member();
    await grant(buyer.user.id, 500);
    const made = await createItem({ costPoints: 100, value: 3 });
    const bought = okData(await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth), mallExchangeResponseSchema);
    expect(bought.balance).toBe(400);

    okData(await call('finance', 'PATCH', `/points/mall-items/${made.id}`, { onSale: false }), consoleMallItemResponseSchema);
    expect((await viewerMall(buyer.auth)).items.map((item) => item.id)).not.toContain(made.id);
    const answer = await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth);
    expect(answer.status).toBe(404);
    expect(apiErrorEnvelopeSchema.parse(answer.body).code).toBe('MALL_ITEM_NOT_FOUND');
    expect((await viewerMall(buyer.auth)).balance).toBe(400);

    const listed = okData(await call('finance', 'GET', '/points/mall-items?sale=off'), consoleMallItemListResponseSchema).items;
    expect(listed.find((item) => item.id === made.id)).toMatchObject({ onSale: false, exchanged: 1 });
    expect(listed.every((item) => !item.onSale)).toBe(true);
    const onSale = okData(await call('finance', 'GET', '/points/mall-items?sale=on'), consoleMallItemListResponseSchema).items;
    expect(onSale.every((item) => item.onSale)).toBe(true);
    expect(onSale.map((item) => item.id)).not.toContain(made.id);

    // Back on sale, it sells again.
    await call('finance', 'PATCH', `/points/mall-items/${made.id}`, { onSale: true });
    okData(await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth), mallExchangeResponseSchema);
    await expectBalancesMatchLedger(t.database.db);
  });

  it('sells a limited stock down to sold out, and a restock sells again', async () => {
    const buyer = await member();
    await grant(buyer.user.id, 100);
    const made = await createItem({ costPoints: 10, value: 1, stock: 1 });
    okData(await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth), mallExchangeResponseSchema);
    expect((await viewerMall(buyer.auth)).items.find((item) => item.id === made.id)?.stock).toBe(0);
    const again = await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth);
    expect(apiErrorEnvelopeSchema.parse(again.body).code).toBe('MALL_ITEM_SOLD_OUT');
    await call('finance', 'PATCH', `/points/mall-items/${made.id}`, { stock: null });
    okData(await viewerCall('POST', apiPaths.mallExchange(made.id), buyer.auth), mallExchangeResponseSchema);
    expect((await viewerMall(buyer.auth)).items.find((item) => item.id === made.id)?.stock).toBeNull();
  });
});

describe('task rewards', () => {
  it('lists the tasks with the shipped rewards by default', async () => {
    const list = okData(await call('finance', 'GET', '/points/task-rewards'), consoleTaskRewardListResponseSchema);
    expect(list.items.map((item) => item.type)).toEqual(['dailyCheckIn', 'watchVideo', 'shareContent', 'bindPhone', 'completeProfile', 'followUs', 'inviteFriends']);
    expect(list.items.find((item) => item.type === 'watchVideo')).toMatchObject({ category: 'daily', target: 3 });
  });

  it('refuses bad input with the envelope and a stable code', async () => {
    const bad: Array<[url: string, body: unknown]> = [
      ['/points/task-rewards/shareContent', {}],
      ['/points/task-rewards/shareContent', { reward: 0 }],
      ['/points/task-rewards/shareContent', { reward: 2.5 }],
      ['/points/task-rewards/shareContent', { reward: 100_001 }],
      ['/points/task-rewards/dailyCheckIn', { reward: 10 }],
      ['/points/task-rewards/noSuchTask', { reward: 10 }],
      ['/points/check-in-rewards', { rewards: [1, 2, 3] }],
      ['/points/check-in-rewards', { rewards: [1, 2, 3, 4, 5, 6, 0] }],
      ['/points/check-in-rewards', {}],
    ];
    for (const [url, body] of bad) refused(await call('finance', 'PUT', url, body), 400, 'VALIDATION_FAILED');
  });

  it('pays a changed reward on the next claim, and a claim already made keeps its points', async () => {
    const early = await member();
    const late = await member();
    for (const who of [early, late]) await viewerCall('POST', apiPaths.taskProgress('shareContent'), who.auth, {});
    const before = okData(await viewerCall('POST', apiPaths.taskClaim('shareContent'), early.auth), taskClaimResponseSchema);
    const shipped = before.reward;

    const list = okData(await call('finance', 'PUT', '/points/task-rewards/shareContent', { reward: 37 }), consoleTaskRewardListResponseSchema);
    expect(list.items.find((item) => item.type === 'shareContent')).toMatchObject({ reward: 37, updatedAt: clock().toISOString() });
    const audit = await auditRows('task-reward.update', 'shareContent');
    expect(audit.at(-1)).toMatchObject({ username: as('finance').operator.username, before: { reward: shipped }, after: { reward: 37 } });

    expect((await viewerTasks(late.auth)).items.find((task) => task.type === 'shareContent')).toMatchObject({ status: 'completed', rewardPoints: 37 });
    const paid = okData(await viewerCall('POST', apiPaths.taskClaim('shareContent'), late.auth), taskClaimResponseSchema);
    expect(paid.reward).toBe(37);
    expect(paid.record.amount).toBe(37);
    // The early claim shows what it paid, not today's figure.
    expect((await viewerTasks(early.auth)).items.find((task) => task.type === 'shareContent')).toMatchObject({ status: 'received', rewardPoints: shipped });
    await call('finance', 'PUT', '/points/task-rewards/shareContent', { reward: shipped });
    await expectBalancesMatchLedger(t.database.db);
  });

  it('pays the check-in by the edited streak figures', async () => {
    const list = okData(await call('owner', 'PUT', '/points/check-in-rewards', { rewards: [11, 12, 13, 14, 15, 16, 17] }), consoleTaskRewardListResponseSchema);
    expect(list.checkInRewards).toEqual([11, 12, 13, 14, 15, 16, 17]);
    expect(list.items[0]).toMatchObject({ type: 'dailyCheckIn', reward: 11 });
    const audit = await auditRows('check-in-rewards.update', 'dailyCheckIn');
    expect(audit.at(-1)).toMatchObject({ before: { rewards: [10, 10, 15, 15, 20, 20, 30] }, after: { rewards: [11, 12, 13, 14, 15, 16, 17] } });

    const who = await member();
    expect((await viewerTasks(who.auth)).items.find((task) => task.type === 'dailyCheckIn')?.rewardPoints).toBe(11);
    const paid = okData(await viewerCall('POST', apiPaths.taskClaim('dailyCheckIn'), who.auth), taskClaimResponseSchema);
    expect(paid.reward).toBe(11);
    // The check-in card's seven days show the same figures.
    const summary = okData(await viewerCall('GET', apiPaths.points(), who.auth), pointsSummaryResponseSchema);
    expect(summary.checkInRewards).toEqual([11, 12, 13, 14, 15, 16, 17]);
    offsetMs = 86_400_000;
    try {
      const next = okData(await viewerCall('POST', apiPaths.taskClaim('dailyCheckIn'), who.auth), taskClaimResponseSchema);
      expect(next.reward).toBe(12);
    } finally {
      offsetMs = 0;
    }
    await call('owner', 'PUT', '/points/check-in-rewards', { rewards: [10, 10, 15, 15, 20, 20, 30] });
  });
});
