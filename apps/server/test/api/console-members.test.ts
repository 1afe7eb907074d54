import { randomBytes } from 'node:crypto';
import {
  API_BASE,
  apiErrorEnvelopeSchema,
  apiPaths,
  memberAdjustmentListResponseSchema,
  memberAdjustmentResultResponseSchema,
  memberDetailResponseSchema,
  memberFeedbackListResponseSchema,
  memberHistoryListResponseSchema,
  memberOrderListResponseSchema,
  memberPointsListResponseSchema,
  memberSearchResponseSchema,
  OPERATOR_ROLES,
  type OperatorRole,
  pointsRecordListResponseSchema,
} from '@drama/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;
const t = useTestApp();
const CONSOLE = `${API_BASE}/console`;

const callers = new Map<OperatorRole, ConsoleCaller>();
const as = (role: OperatorRole) => callers.get(role) as ConsoleCaller;

beforeAll(async () => {
  for (const role of OPERATOR_ROLES) callers.set(role, await consoleAs(t, role));
});

type Method = 'GET' | 'POST';

async function call(role: OperatorRole, method: Method, url: string, payload?: unknown) {
  const response = await t.server.inject({
    method,
    url: `${CONSOLE}${url}`,
    headers: as(role).headers,
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

function code(answer: { body: unknown }): string {
  return apiErrorEnvelopeSchema.parse(answer.body).code;
}

const key = () => `k_${randomBytes(8).toString('hex')}`;

/** A member with a phone and an e-mail of their own, and a bearer token for the viewers' API. */
async function member(options: { vipDays?: number; points?: number; nickname?: string } = {}) {
  const built = await buildUser(t.ctx.db, t.ctx.tokens, options.vipDays === undefined ? {} : { vipDays: options.vipDays });
  const suffix = String(built.user.id).padStart(8, '0').slice(-8);
  const email = `Member.${built.user.id}.${randomBytes(3).toString('hex')}@Example.com`;
  const phone = `139${suffix}`;
  await t.ctx.db
    .updateTable('users')
    .set({ email, phone, nickname: options.nickname ?? null, points: options.points ?? 0 })
    .where('id', '=', built.user.id)
    .execute();
  return { ...built, email, phone };
}

async function viewerMe(auth: Record<string, string>) {
  return t.server.inject({ url: `${API_BASE}${apiPaths.me()}`, headers: auth });
}

async function auditRows(action: string, targetId: number) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).where('target_id', '=', String(targetId)).execute();
}

describe('roles', () => {
  const routes: Array<{ method: Method; url: (id: number) => string; roles: OperatorRole[]; body?: () => unknown }> = [
    { method: 'GET', url: () => '/members', roles: ['owner', 'support', 'finance'] },
    { method: 'GET', url: (id) => `/members/${id}`, roles: ['owner', 'support', 'finance'] },
    { method: 'GET', url: (id) => `/members/${id}/orders`, roles: ['owner', 'support', 'finance'] },
    { method: 'GET', url: (id) => `/members/${id}/points`, roles: ['owner', 'support'] },
    { method: 'GET', url: (id) => `/members/${id}/history`, roles: ['owner', 'support'] },
    { method: 'GET', url: (id) => `/members/${id}/feedback`, roles: ['owner', 'support'] },
    { method: 'GET', url: (id) => `/members/${id}/adjustments`, roles: ['owner', 'support'] },
    { method: 'POST', url: (id) => `/members/${id}/vip`, roles: ['owner', 'support'], body: () => ({ direction: 'grant', days: 1, reason: 'goodwill', idempotencyKey: key() }) },
    { method: 'POST', url: (id) => `/members/${id}/points`, roles: ['owner', 'support'], body: () => ({ direction: 'grant', amount: 5, reason: 'goodwill', idempotencyKey: key() }) },
    { method: 'POST', url: (id) => `/members/${id}/disable`, roles: ['owner', 'support'], body: () => ({ reason: 'abuse' }) },
    { method: 'POST', url: (id) => `/members/${id}/enable`, roles: ['owner', 'support'], body: () => ({ reason: 'appeal' }) },
    { method: 'POST', url: (id) => `/members/${id}/sign-out`, roles: ['owner', 'support'], body: () => ({ reason: 'lost phone' }) },
  ];

  it('lets each route be called by its roles and answers 403 OPERATOR_FORBIDDEN to the others', async () => {
    const { user } = await member();
    const failures: string[] = [];
    for (const route of routes) {
      for (const role of OPERATOR_ROLES) {
        const answer = await call(role, route.method, route.url(user.id), route.body?.());
        const allowed = route.roles.includes(role);
        const ok = allowed ? answer.status === 200 : answer.status === 403 && code(answer) === 'OPERATOR_FORBIDDEN';
        if (!ok) failures.push(`${role} ${route.method} ${route.url(user.id)}: ${answer.status}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('refuses the wrong role before looking at the input', async () => {
    const answer = await call('content', 'POST', '/members/1/vip', { nonsense: true });
    expect(answer.status).toBe(403);
    expect(code(answer)).toBe('OPERATOR_FORBIDDEN');
  });
});

describe('search', () => {
  it('finds a member by id, nickname, whole phone and whole e-mail (any case)', async () => {
    const nickname = `Moon${randomBytes(3).toString('hex')}`;
    const found = await member({ nickname });
    for (const query of [String(found.user.id), nickname.slice(0, 7).toLowerCase(), found.phone, found.email.toUpperCase(), found.user.username]) {
      const page = okData(await call('support', 'GET', `/members?query=${encodeURIComponent(query)}`), memberSearchResponseSchema);
      expect(page.items.map((item) => item.id), query).toContain(found.user.id);
    }
  });

  it('shows support and the owner contacts in full, finance masked', async () => {
    const found = await member();
    for (const role of ['support', 'owner'] as const) {
      const [item] = okData(await call(role, 'GET', `/members?query=${found.user.id}`), memberSearchResponseSchema).items;
      expect(item).toMatchObject({ id: found.user.id, email: found.email, phone: found.phone, contactsMasked: false });
      const detail = okData(await call(role, 'GET', `/members/${found.user.id}`), memberDetailResponseSchema);
      expect(detail.email).toBe(found.email);
    }
    const [masked] = okData(await call('finance', 'GET', `/members?query=${found.user.id}`), memberSearchResponseSchema).items;
    expect(masked?.contactsMasked).toBe(true);
    expect(masked?.email).toBe(`M***@Example.com`);
    expect(masked?.phone).toBe(`139******${found.phone.slice(-2)}`);
    expect(JSON.stringify(masked)).not.toContain(found.phone);
    const detail = okData(await call('finance', 'GET', `/members/${found.user.id}`), memberDetailResponseSchema);
    expect(detail.email).toBe('M***@Example.com');
    expect(detail.phone).not.toBe(found.phone);
  });

  it('matches the start of a contact for support only; finance must type it whole', async () => {
    const found = await member();
    const prefix = found.email.slice(0, found.email.indexOf('@') + 1);
    const support = okData(await call('support', 'GET', `/members?query=${encodeURIComponent(prefix)}`), memberSearchResponseSchema);
    expect(support.items.map((item) => item.id)).toContain(found.user.id);
    const finance = okData(await call('finance', 'GET', `/members?query=${encodeURIComponent(prefix)}`), memberSearchResponseSchema);
    expect(finance.items.map((item) => item.id)).not.toContain(found.user.id);
    const phonePrefix = okData(await call('finance', 'GET', `/members?query=${found.phone.slice(0, 9)}`), memberSearchResponseSchema);
    expect(phonePrefix.items.map((item) => item.id)).not.toContain(found.user.id);
    const whole = okData(await call('finance', 'GET', `/members?query=${found.phone}`), memberSearchResponseSchema);
    expect(whole.items.map((item) => item.id)).toContain(found.user.id);
  });

  it('is served by indexes, not a scan of the members', async () => {
    // Some rows and fresh statistics, so the plans are those of a table with members in it.
    await sql`insert into users (username, password_hash, email, phone, nickname)
      select 'bulk_' || g, 'x', 'bulk' || g || '@bulk.test', '137' || lpad(g::text, 8, '0'), 'bulk nick ' || g
      from generate_series(1, 3000) g`.execute(t.ctx.db);
    await sql`analyze users`.execute(t.ctx.db);
    const { searchMembers } = await import('../../src/modules/members/queries.js');
    for (const query of ['bulk42@bulk.test', 'bulk42@', '13700000042', '1370000004', 'nick 2999', 'zq', '42']) {
      const statements = await captureSql(() => searchMembers(t.ctx.db, { query, contactPrefix: true, offset: 0, limit: 20 }));
      expect(statements.length).toBeGreaterThan(0);
      for (const statement of statements) {
        // With sequential scans priced out, a plan still scanning users means a branch no index serves.
        const plan = await t.ctx.db.connection().execute(async (db) => {
          await sql`set enable_seqscan = off`.execute(db);
          try {
            return await sql.raw(`explain ${inline(statement)}`).execute(db);
          } finally {
            await sql`reset enable_seqscan`.execute(db);
          }
        });
        const text = (plan.rows as Array<Record<string, string>>).map((row) => Object.values(row)[0]).join('\n');
        expect(text, `${query}\n${text}`).not.toMatch(/Seq Scan on users/);
      }
    }
  });

  it('never answers 500, whatever the query', async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 120, unit: 'binary' }), fc.constantFrom<OperatorRole>('support', 'finance'), async (query, role) => {
        const answer = await t.server.inject({ method: 'GET', url: `${CONSOLE}/members`, query: { query, page: '1', limit: '5' }, headers: as(role).headers });
        expect(answer.statusCode, `${JSON.stringify(query)} ${answer.body}`).toBeLessThan(500);
        if (answer.statusCode !== 200) expect(apiErrorEnvelopeSchema.parse(answer.json()).code).toBe('VALIDATION_FAILED');
      }),
      { numRuns: 150 },
    );
  });
});

/** Runs `fn` and returns the SQL statements it compiled, parameters inlined later. */
async function captureSql(fn: () => Promise<unknown>): Promise<Array<{ sql: string; parameters: readonly unknown[] }>> {
  const seen: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  const db = t.ctx.db as unknown as { getExecutor(): { executeQuery: (query: { sql: string; parameters: readonly unknown[] }, id: unknown) => Promise<unknown> } };
  const executor = db.getExecutor();
  const original = executor.executeQuery.bind(executor);
  executor.executeQuery = async (query, id) => {
    seen.push({ sql: query.sql, parameters: query.parameters });
    return original(query, id);
  };
  try {
    await fn();
  } finally {
    executor.executeQuery = original;
  }
  return seen;
}

function inline(statement: { sql: string; parameters: readonly unknown[] }): string {
  return statement.sql.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = statement.parameters[Number(index) - 1];
    return typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`;
  });
}

describe('the member page', () => {
  it('lists orders, points, history, feedback and adjustments, paged', async () => {
    const found = await member({ points: 0 });
    await call('support', 'POST', `/members/${found.user.id}/points`, { direction: 'grant', amount: 30, reason: 'welcome', idempotencyKey: key() });
    const points = okData(await call('support', 'GET', `/members/${found.user.id}/points?limit=5`), memberPointsListResponseSchema);
    expect(points).toMatchObject({ page: 1, limit: 5, total: 1 });
    expect(points.items[0]).toMatchObject({ type: 'admin', amount: 30, balanceAfter: 30 });
    for (const [tab, schema] of [
      ['orders', memberOrderListResponseSchema],
      ['history', memberHistoryListResponseSchema],
      ['feedback', memberFeedbackListResponseSchema],
      ['adjustments', memberAdjustmentListResponseSchema],
    ] as const) {
      const page = okData(await call('support', 'GET', `/members/${found.user.id}/${tab}`), schema as typeof memberOrderListResponseSchema);
      expect(page.page, tab).toBe(1);
    }
  });

  it('answers 404 USER_NOT_FOUND for a member nobody has', async () => {
    const answer = await call('support', 'GET', '/members/987654');
    expect(answer.status).toBe(404);
    expect(code(answer)).toBe('USER_NOT_FOUND');
  });
});

describe('VIP days', () => {
  it('grants from the later of now and the expiry, into the VIP history and the audit log, and the member sees VIP', async () => {
    const found = await member();
    const before = await viewerMe(found.auth);
    expect(before.json().data.vipLevel).toBe(0);
    const result = okData(
      await call('support', 'POST', `/members/${found.user.id}/vip`, { direction: 'grant', days: 7, reason: 'apology for outage', idempotencyKey: key() }),
      memberAdjustmentResultResponseSchema,
    );
    expect(result.replayed).toBe(false);
    expect(result.member.vipActive).toBe(true);
    const expiry = new Date(result.member.vipExpireTime as string).getTime();
    expect(Math.abs(expiry - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    const me = (await viewerMe(found.auth)).json().data;
    expect(me.vipLevel).toBe(1);
    expect(me.vipExpireTime).toBe(result.member.vipExpireTime);
    const history = okData(await call('support', 'GET', `/members/${found.user.id}/adjustments?kind=vip_days`), memberAdjustmentListResponseSchema);
    expect(history.items[0]).toMatchObject({ kind: 'vip_days', amount: 7, reason: 'apology for outage', operatorUsername: as('support').operator.username });
    const audit = await auditRows('member.vip', found.user.id);
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ reason: 'apology for outage', direction: 'grant', amount: 7 });
  });

  it('deducts from the expiry, and refuses a deduction that would end VIP before now', async () => {
    const found = await member({ vipDays: 10 });
    const start = (await t.ctx.db.selectFrom('users').select('vip_expire_time').where('id', '=', found.user.id).executeTakeFirstOrThrow()).vip_expire_time as Date;
    const deducted = okData(
      await call('support', 'POST', `/members/${found.user.id}/vip`, { direction: 'deduct', days: 3, reason: 'granted twice', idempotencyKey: key() }),
      memberAdjustmentResultResponseSchema,
    );
    expect(new Date(deducted.member.vipExpireTime as string).getTime()).toBe(start.getTime() - 3 * DAY_MS);
    const tooMany = await call('support', 'POST', `/members/${found.user.id}/vip`, { direction: 'deduct', days: 8, reason: 'x', idempotencyKey: key() });
    expect(tooMany.status).toBe(422);
    expect(apiErrorEnvelopeSchema.parse(tooMany.body)).toMatchObject({ code: 'VIP_DEDUCTION_TOO_LARGE', details: { maxDays: 6 } });
    const none = await member();
    const noVip = await call('support', 'POST', `/members/${none.user.id}/vip`, { direction: 'deduct', days: 1, reason: 'x', idempotencyKey: key() });
    expect(apiErrorEnvelopeSchema.parse(noVip.body)).toMatchObject({ code: 'VIP_DEDUCTION_TOO_LARGE', details: { maxDays: 0 } });
    // Nothing of the refused ones was kept: no adjustment, no audit row.
    expect(await auditRows('member.vip', found.user.id)).toHaveLength(1);
  });
});

describe('points', () => {
  it('grants and deducts through the ledger the viewers\' app reads, never below zero', async () => {
    const found = await member({ points: 0 });
    okData(await call('support', 'POST', `/members/${found.user.id}/points`, { direction: 'grant', amount: 50, reason: 'contest prize', idempotencyKey: key() }), memberAdjustmentResultResponseSchema);
    const deducted = okData(
      await call('support', 'POST', `/members/${found.user.id}/points`, { direction: 'deduct', amount: 20, reason: 'fraud', idempotencyKey: key() }),
      memberAdjustmentResultResponseSchema,
    );
    expect(deducted.member.points).toBe(30);
    expect(deducted.adjustment).toMatchObject({ amount: -20, before: '50', after: '30' });
    const below = await call('support', 'POST', `/members/${found.user.id}/points`, { direction: 'deduct', amount: 31, reason: 'fraud', idempotencyKey: key() });
    expect(below.status).toBe(422);
    expect(apiErrorEnvelopeSchema.parse(below.body)).toMatchObject({ code: 'INSUFFICIENT_POINTS', details: { current: 30, required: 31 } });
    const ledger = okData(
      await t.server.inject({ url: `${API_BASE}${apiPaths.pointsRecords()}`, headers: found.auth }).then((r) => ({ status: r.statusCode, body: r.json() as unknown })),
      pointsRecordListResponseSchema,
    );
    expect(ledger.items.map((item) => [item.type, item.amount, item.balanceAfter])).toEqual([
      ['admin', -20, 30],
      ['admin', 50, 50],
    ]);
    expect(await auditRows('member.points', found.user.id)).toHaveLength(2);
  });
});

describe('exactly once', () => {
  it('applies a replayed key once and answers what the first call did', async () => {
    const found = await member({ points: 0 });
    const body = { direction: 'grant', amount: 10, reason: 'double click', idempotencyKey: key() };
    const first = okData(await call('support', 'POST', `/members/${found.user.id}/points`, body), memberAdjustmentResultResponseSchema);
    const again = okData(await call('support', 'POST', `/members/${found.user.id}/points`, body), memberAdjustmentResultResponseSchema);
    expect(first.replayed).toBe(false);
    expect(again.replayed).toBe(true);
    expect(again.adjustment).toEqual(first.adjustment);
    expect(again.member.points).toBe(10);
    expect(await auditRows('member.points', found.user.id)).toHaveLength(1);
  });

  it('applies parallel requests of one key once (points and VIP)', async () => {
    const found = await member({ points: 0 });
    const pointsBody = { direction: 'grant', amount: 7, reason: 'parallel', idempotencyKey: key() };
    const vipBody = { direction: 'grant', days: 7, reason: 'parallel', idempotencyKey: key() };
    const answers = await Promise.all([
      ...Array.from({ length: 6 }, () => call('support', 'POST', `/members/${found.user.id}/points`, pointsBody)),
      ...Array.from({ length: 6 }, () => call('support', 'POST', `/members/${found.user.id}/vip`, vipBody)),
    ]);
    const results = answers.map((answer) => okData(answer, memberAdjustmentResultResponseSchema));
    expect(results.filter((result) => !result.replayed)).toHaveLength(2);
    const row = await t.ctx.db.selectFrom('users').select(['points', 'vip_expire_time']).where('id', '=', found.user.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(7);
    expect(Math.abs((row.vip_expire_time as Date).getTime() - (Date.now() + 7 * DAY_MS))).toBeLessThan(60_000);
    const ledger = await t.ctx.db.selectFrom('points_records').select('id').where('user_id', '=', found.user.id).execute();
    expect(ledger).toHaveLength(1);
    expect(await auditRows('member.points', found.user.id)).toHaveLength(1);
    expect(await auditRows('member.vip', found.user.id)).toHaveLength(1);
  });

  it('refuses a key reused for another change or another member', async () => {
    const found = await member({ points: 0 });
    const other = await member({ points: 0 });
    const idempotencyKey = key();
    okData(await call('support', 'POST', `/members/${found.user.id}/points`, { direction: 'grant', amount: 5, reason: 'a', idempotencyKey }), memberAdjustmentResultResponseSchema);
    for (const [url, body] of [
      [`/members/${found.user.id}/points`, { direction: 'grant', amount: 6, reason: 'a', idempotencyKey }],
      [`/members/${found.user.id}/vip`, { direction: 'grant', days: 5, reason: 'a', idempotencyKey }],
      [`/members/${other.user.id}/points`, { direction: 'grant', amount: 5, reason: 'a', idempotencyKey }],
    ] as const) {
      const answer = await call('support', 'POST', url, body);
      expect(answer.status, url).toBe(409);
      expect(code(answer)).toBe('MEMBER_CHANGE_KEY_REUSED');
    }
  });

  it('lets a refused change be retried with the same key', async () => {
    const found = await member({ points: 0 });
    const body = { direction: 'deduct', amount: 5, reason: 'retry', idempotencyKey: key() };
    expect((await call('support', 'POST', `/members/${found.user.id}/points`, body)).status).toBe(422);
    await t.ctx.db.updateTable('users').set({ points: 5 }).where('id', '=', found.user.id).execute();
    const retried = okData(await call('support', 'POST', `/members/${found.user.id}/points`, body), memberAdjustmentResultResponseSchema);
    expect(retried).toMatchObject({ replayed: false, member: { points: 0 } });
  });
});

describe('validation', () => {
  it('requires a reason and answers the envelope with stable codes', async () => {
    const found = await member();
    const cases: Array<[string, unknown]> = [
      ['/vip', { direction: 'grant', days: 1, idempotencyKey: key() }],
      ['/vip', { direction: 'grant', days: 1, reason: '   ', idempotencyKey: key() }],
      ['/vip', { direction: 'grant', days: 0, reason: 'x', idempotencyKey: key() }],
      ['/vip', { direction: 'sideways', days: 1, reason: 'x', idempotencyKey: key() }],
      ['/vip', { direction: 'grant', days: 1, reason: 'x' }],
      ['/vip', { direction: 'grant', days: 1, reason: 'x', idempotencyKey: 'short' }],
      ['/points', { direction: 'grant', amount: 1.5, reason: 'x', idempotencyKey: key() }],
      ['/points', { direction: 'deduct', amount: 5, idempotencyKey: key() }],
      ['/disable', {}],
      ['/enable', { reason: '' }],
      ['/sign-out', { reason: 'x'.repeat(201) }],
    ];
    for (const [path, body] of cases) {
      const answer = await call('support', 'POST', `/members/${found.user.id}${path}`, body);
      expect(answer.status, `${path} ${JSON.stringify(body)}`).toBe(400);
      expect(code(answer)).toBe('VALIDATION_FAILED');
    }
    for (const url of ['/members/abc', '/members/0/points', '/members?page=0', '/members?limit=1000']) {
      const answer = await call('support', 'GET', url);
      expect(answer.status, url).toBe(400);
      expect(code(answer)).toBe('VALIDATION_FAILED');
    }
    expect(await auditRows('member.vip', found.user.id)).toHaveLength(0);
  });
});

describe('access', () => {
  it('disabling signs the member out and refuses their token; enabling lets them sign in again, old tokens stay dead', async () => {
    const found = await member();
    expect((await viewerMe(found.auth)).statusCode).toBe(200);
    const disabled = okData(await call('support', 'POST', `/members/${found.user.id}/disable`, { reason: 'chargeback fraud' }), memberDetailResponseSchema);
    expect(disabled.status).toBe(0);
    expect((await viewerMe(found.auth)).statusCode).toBe(401);
    // Disabling twice changes nothing and records nothing more.
    okData(await call('support', 'POST', `/members/${found.user.id}/disable`, { reason: 'again' }), memberDetailResponseSchema);
    expect(await auditRows('member.disable', found.user.id)).toHaveLength(1);
    const enabled = okData(await call('support', 'POST', `/members/${found.user.id}/enable`, { reason: 'appeal accepted' }), memberDetailResponseSchema);
    expect(enabled.status).toBe(1);
    expect((await viewerMe(found.auth)).statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom('users').select('token_version').where('id', '=', found.user.id).executeTakeFirstOrThrow();
    const fresh = { authorization: `Bearer ${t.ctx.tokens.sign({ userId: found.user.id, version: row.token_version })}` };
    expect((await viewerMe(fresh)).statusCode).toBe(200);
    const [audit] = await auditRows('member.enable', found.user.id);
    expect(audit?.after).toMatchObject({ reason: 'appeal accepted', status: 1 });
  });

  it('signing out everywhere ends every token the member holds, and is audited', async () => {
    const found = await member();
    const row = await t.ctx.db.selectFrom('users').select('token_version').where('id', '=', found.user.id).executeTakeFirstOrThrow();
    const second = { authorization: `Bearer ${t.ctx.tokens.sign({ userId: found.user.id, version: row.token_version })}` };
    expect((await viewerMe(second)).statusCode).toBe(200);
    okData(await call('support', 'POST', `/members/${found.user.id}/sign-out`, { reason: 'account shared' }), memberDetailResponseSchema);
    expect((await viewerMe(found.auth)).statusCode).toBe(401);
    expect((await viewerMe(second)).statusCode).toBe(401);
    const [audit] = await auditRows('member.sign-out', found.user.id);
    expect(audit).toMatchObject({ username: as('support').operator.username, target_type: 'user' });
    expect(audit?.after).toMatchObject({ reason: 'account shared' });
  });
});
