import { apiPaths, errorEnvelopeSchema, mallExchangeResponseSchema } from '@drama/contracts';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { buildUser } from '../support/factories.js';
import { expectBalancesMatchLedger, expectRunningBalances } from '../support/ledger.js';
import { memberCalls } from '../support/member-calls.js';
import { grantPoints, makeCodes } from '../support/operator-acts.js';
import { useTestApp } from '../support/test-app.js';

// On PGlite (one connection) concurrent requests interleave between statements; on PostgreSQL
// (DATABASE_URL) they run in parallel transactions. Either way the outcome must be exact.

const DAY_MS = 86_400_000;
const now = new Date('2030-05-01T02:00:00Z');
const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => now });

const { call } = memberCalls(t);

afterEach(async () => {
  await expectBalancesMatchLedger(t.database.db);
  await expectRunningBalances(t.database.db);
});

function post(url: string, headers: Record<string, string>, body?: unknown, ip?: string) {
  return call('POST', url, headers, body, ip);
}

function codeOf(answer: { body: unknown }): string {
  return errorEnvelopeSchema.parse(answer.body).code;
}

describe('racing for points', () => {
  it('fifty members redeeming one code at once: exactly one gets it', async () => {
    const [code] = await makeCodes(t, { type: 'points', value: 100, count: 1 });
    if (!code) throw new Error('no code');
    const members: Array<Awaited<ReturnType<typeof buildUser>>> = [];
    for (let i = 0; i < 50; i += 1) members.push(await buildUser(t.database.db, t.ctx.tokens));

    const answers = await Promise.all(
      members.map((m, i) => post(apiPaths.redeem(), m.auth, { code }, `10.50.${i}.1`)),
    );
    const winners = answers.flatMap((answer, i) => (answer.status === 200 ? [members[i]] : []));
    expect(winners).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 409).map(codeOf)).toEqual(Array(49).fill('REDEEM_CODE_USED'));

    const row = await t.database.db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
    expect(row.used_by).toBe(winners[0]?.user.id);
    const ledger = await t.database.db
      .selectFrom('points_records')
      .selectAll()
      .where('reference', '=', `redeem:${row.id}`)
      .execute();
    expect(ledger.map((r) => [r.user_id, r.amount])).toEqual([[winners[0]?.user.id, 100]]);
    const balances = await t.database.db
      .selectFrom('users')
      .select(sql<number>`sum(points)::int`.as('total'))
      .where('id', 'in', members.map((m) => m.user.id))
      .executeTakeFirstOrThrow();
    expect(balances.total).toBe(100);
  });

  it('twenty exchanges at once with points for five: exactly five go through', async () => {
    const { user, auth } = await buildUser(t.database.db, t.ctx.tokens);
    expect((await grantPoints(t, user.id, 500, { reason: 'exactly five days' })).member.points).toBe(500);
    const item = await t.database.db.selectFrom('mall_items').selectAll().where('slug', '=', 'vip-1d').executeTakeFirstOrThrow();
    expect(item.cost_points).toBe(100);

    const answers = await Promise.all(Array.from({ length: 20 }, () => post(apiPaths.mallExchange(item.id), auth)));
    const done = answers.filter((answer) => answer.status === 200).map((answer) => mallExchangeResponseSchema.parse(answer.body).data);
    expect(done).toHaveLength(5);
    expect(done.map((result) => result.balance).sort((a, b) => b - a)).toEqual([400, 300, 200, 100, 0]);
    const refusals = answers.filter((answer) => answer.status !== 200);
    expect(refusals).toHaveLength(15);
    for (const refusal of refusals) {
      expect(refusal.status).toBe(422);
      expect(errorEnvelopeSchema.parse(refusal.body)).toMatchObject({
        code: 'INSUFFICIENT_POINTS',
        details: { current: 0, required: 100 },
      });
    }

    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(0);
    expect(row.vip_level).toBe(1);
    expect(row.vip_expire_time?.toISOString()).toBe(new Date(now.getTime() + 5 * DAY_MS).toISOString());
    const spent = await t.database.db
      .selectFrom('points_records')
      .select(['amount'])
      .where('user_id', '=', user.id)
      .where('type', '=', 'vip_exchange')
      .execute();
    expect(spent).toHaveLength(5);
  });

  it('ten claims of one task at once pay once', async () => {
    const { user, auth } = await buildUser(t.database.db, t.ctx.tokens);
    const answers = await Promise.all(Array.from({ length: 10 }, () => post(apiPaths.taskClaim('dailyCheckIn'), auth)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status !== 200).map(codeOf)).toEqual(Array(9).fill('TASK_ALREADY_RECEIVED'));
    const row = await t.database.db.selectFrom('users').select('points').where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(10);
  });
});
