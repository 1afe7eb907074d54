import { API_BASE, apiErrorEnvelopeSchema, OPERATOR_ROLES, type OperatorRole } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRule } from '../../src/platform/admin-access.js';
import { roleAllows } from '../../src/platform/operators.js';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { buildUser } from '../support/factories.js';
import { consoleAs, operatorToken } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
const ADMIN_PREFIX = `${API_BASE}/admin`;
const BOOTSTRAP = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

function adminRoutes() {
  return t.routes.filter((route) => route.url.startsWith(`${ADMIN_PREFIX}/`) && route.method !== 'HEAD');
}

function ruleOf(route: { config: Record<string, unknown> }): AdminRule {
  return route.config.admin as AdminRule;
}

/** A path to call: every parameter filled with something nobody has, so a call that passes the checks changes nothing. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) => (name === 'username' ? 'nobody-by-this-name' : name === 'term' ? 'never-blocked' : '987654'));
}

async function send(method: string, url: string, headers: Record<string, string>, payload?: unknown) {
  const response = await t.server.inject({
    method: method as 'GET',
    url,
    headers,
    ...(method === 'GET' || method === 'DELETE' ? {} : { payload: (payload ?? {}) as Record<string, unknown> }),
  });
  const body = response.json() as unknown;
  return { status: response.statusCode, body, code: response.statusCode >= 400 ? apiErrorEnvelopeSchema.parse(body).code : null, raw: response.body };
}

async function auditRows(action: string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id', 'asc').execute();
}

describe('every admin route has a role rule, checked on the server', () => {
  const tokens = new Map<OperatorRole, Record<string, string>>();
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) tokens.set(role, { authorization: (await operatorToken(t, role)).authorization });
  });

  it('declares a rule for each admin route, and an audit action for each change', () => {
    const routes = adminRoutes();
    expect(routes.length).toBeGreaterThan(15);
    expect(routes.filter((route) => !route.config.admin).map((route) => `${route.method} ${route.url}`), 'admin routes with no rule').toEqual([]);
    const unaudited = routes.filter((route) => route.method !== 'GET' && !ruleOf(route).audit).map((route) => `${route.method} ${route.url}`);
    expect(unaudited, 'admin changes that write no audit row').toEqual([]);
    // The bootstrap token reaches the operators and their tokens, nothing else.
    const bootstrap = routes.filter((route) => ruleOf(route).bootstrap).map((route) => `${route.method} ${route.url.slice(ADMIN_PREFIX.length)}`);
    expect(bootstrap.sort()).toEqual([
      'POST /operators',
      'POST /operators/:username/disable',
      'POST /operators/:username/reset-2fa',
      'POST /operators/:username/tokens',
    ]);
  });

  it('refuses a call without an operator token on every route, a member token and a console session alike', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const session = await consoleAs(t, 'owner');
    for (const route of adminRoutes()) {
      for (const headers of [{}, member.auth, { authorization: 'Bearer opk_not-a-token' }, session.headers]) {
        const answer = await send(route.method, concrete(route.url), headers);
        expect([answer.status, answer.code], `${route.method} ${route.url}`).toEqual([401, 'ADMIN_TOKEN_INVALID']);
      }
    }
  });

  it('answers each role as its rule says, before looking at the input', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const rule = ruleOf(route);
      for (const role of OPERATOR_ROLES) {
        const answer = await send(route.method, concrete(route.url), tokens.get(role) ?? {});
        const forbidden = answer.status === 403 && answer.code === 'OPERATOR_FORBIDDEN';
        if (roleAllows(role, rule.role) === forbidden || answer.status === 401) failures.push(`${role} ${route.method} ${route.url}: ${answer.status} ${answer.raw.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('lets the bootstrap token make operators and their tokens only', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const answer = await send(route.method, concrete(route.url), BOOTSTRAP);
      const limited = answer.status === 403 && answer.code === 'BOOTSTRAP_TOKEN_LIMITED';
      if (Boolean(ruleOf(route).bootstrap) === limited || answer.status === 401) failures.push(`${route.method} ${route.url}: ${answer.status} ${answer.raw.slice(0, 120)}`);
    }
    expect(failures).toEqual([]);
  });
});

describe('the bootstrap token starts operators', () => {
  it('makes an operator with a set-up link and issues their token, audited as the bootstrap', async () => {
    const made = await send('POST', `${ADMIN_PREFIX}/operators`, BOOTSTRAP, { username: 'Support-Lead', role: 'support' });
    expect(made.status, made.raw).toBe(200);
    expect(made.body).toMatchObject({ data: { operator: { username: 'support-lead', role: 'support', pendingSetup: true }, setupUrl: expect.stringMatching(/\/console\/setup\?token=/) } });

    // A token of a higher role than the operator's is refused.
    const tooHigh = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/tokens`, BOOTSTRAP, { name: 'cli', role: 'finance' });
    expect([tooHigh.status, tooHigh.code]).toEqual([403, 'API_TOKEN_ROLE_TOO_HIGH']);
    const issued = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/tokens`, BOOTSTRAP, { name: 'cli', role: 'support' });
    expect(issued.status, issued.raw).toBe(200);
    const token = (issued.body as { data: { token: string } }).data.token;
    expect(token).toMatch(/^opk_/);
    const support = { authorization: `Bearer ${token}` };
    expect((await send('GET', `${ADMIN_PREFIX}/users`, support)).status).toBe(200);
    expect((await send('GET', `${ADMIN_PREFIX}/settings`, support)).status).toBe(200);
    expect((await send('PUT', `${ADMIN_PREFIX}/settings`, support, { siteName: 'Taken over' })).code).toBe('OPERATOR_FORBIDDEN');

    const [created] = await auditRows('operator.create');
    expect(created).toMatchObject({ operator_id: null, username: 'bootstrap', via: 'bootstrap', target_type: 'operator', after: { username: 'support-lead', role: 'support' } });
    const tokenRows = await auditRows('api-token.create');
    expect(tokenRows.at(-1)).toMatchObject({ via: 'bootstrap', after: { name: 'cli', role: 'support', operator: 'support-lead' } });
    expect(JSON.stringify(tokenRows)).not.toContain(token);

    // Disabling the operator revokes their tokens at once.
    const disabled = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/disable`, BOOTSTRAP);
    expect(disabled.status, disabled.raw).toBe(200);
    expect(disabled.body).toMatchObject({ data: { status: 'disabled' } });
    expect((await send('GET', `${ADMIN_PREFIX}/users`, support)).code).toBe('ADMIN_TOKEN_INVALID');
    expect((await auditRows('operator.update')).at(-1)).toMatchObject({ via: 'bootstrap', before: { status: 'active' }, after: { status: 'disabled' } });

    const reset = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/reset-2fa`, BOOTSTRAP);
    expect(reset.status, reset.raw).toBe(200);
    expect((await auditRows('operator.reset-2fa')).at(-1)).toMatchObject({ via: 'bootstrap', target_id: String((made.body as { data: { operator: { id: number } } }).data.operator.id) });
    const unknown = await send('POST', `${ADMIN_PREFIX}/operators/nobody-by-this-name/reset-2fa`, BOOTSTRAP);
    expect([unknown.status, unknown.code]).toEqual([404, 'OPERATOR_NOT_FOUND']);
  });
});

describe("every change through /admin is audited under the token's operator, in the change's transaction", () => {
  let support: Awaited<ReturnType<typeof operatorToken>>;
  beforeAll(async () => {
    support = await operatorToken(t, 'support');
  });

  it('user status, VIP and points, with the values before and after and the reason', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const headers = { authorization: support.authorization };
    expect((await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/disable`, headers)).status).toBe(200);
    expect((await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/enable`, headers)).status).toBe(200);
    const target = { target_type: 'user', target_id: String(member.user.id), operator_id: support.operatorId, role: 'support', via: 'token' };
    expect((await auditRows('user.disable')).at(-1)).toMatchObject({ ...target, before: { status: 1 }, after: { status: 0 } });
    expect((await auditRows('user.enable')).at(-1)).toMatchObject({ ...target, before: { status: 0 }, after: { status: 1 } });

    const noReason = await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/vip`, headers, { days: 7 });
    expect([noReason.status, noReason.code]).toEqual([400, 'VALIDATION_FAILED']);
    const vip = await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/vip`, headers, { days: 7, reason: 'outage on 3 May' });
    expect(vip.status, vip.raw).toBe(200);
    const vipRow = (await auditRows('user.vip-grant')).at(-1);
    expect(vipRow).toMatchObject({ ...target, before: { vipLevel: 0, vipExpireTime: null }, after: { vipLevel: 1, days: 7, reason: 'outage on 3 May' } });

    const granted = await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/points`, headers, { amount: 50, note: 'Sorry', reason: 'ticket 42' });
    expect(granted.status, granted.raw).toBe(200);
    expect((await auditRows('user.points-adjust')).at(-1)).toMatchObject({ ...target, before: { points: 0 }, after: { points: 50, amount: 50, reason: 'ticket 42' } });
    // A refused change leaves no record.
    const countBefore = (await auditRows('user.points-adjust')).length;
    const tooMuch = await send('POST', `${ADMIN_PREFIX}/users/${member.user.id}/points`, headers, { amount: -51, note: 'x', reason: 'x' });
    expect(tooMuch.code).toBe('INSUFFICIENT_POINTS');
    expect(await auditRows('user.points-adjust')).toHaveLength(countBefore);
  });

  it('feedback replies and closing', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const sent = await send('POST', `${API_BASE}/client/feedback`, member.auth, { type: 'general', content: 'the player stalls' });
    expect(sent.status, sent.raw).toBe(200);
    const id = (sent.body as { data: { id: number } }).data.id;
    const headers = { authorization: support.authorization };
    expect((await send('POST', `${ADMIN_PREFIX}/feedback/${id}/reply`, headers, { content: 'Fixed, thank you' })).status).toBe(200);
    expect((await send('POST', `${ADMIN_PREFIX}/feedback/${id}/close`, headers)).status).toBe(200);
    expect((await auditRows('feedback.reply')).at(-1)).toMatchObject({ target_id: String(id), via: 'token', before: { status: 'pending' }, after: { status: 'replied', content: 'Fixed, thank you' } });
    expect((await auditRows('feedback.close')).at(-1)).toMatchObject({ target_id: String(id), before: { status: 'replied' }, after: { status: 'closed' } });
  });

  it('settings before and after, redeem batches without their codes, and blocked search terms', async () => {
    const owner = await operatorToken(t, 'owner');
    const before = (await send('GET', `${ADMIN_PREFIX}/settings`, { authorization: owner.authorization })).body as { data: { siteName: string } };
    expect((await send('PUT', `${ADMIN_PREFIX}/settings`, { authorization: owner.authorization }, { siteName: 'Night Dramas' })).status).toBe(200);
    expect((await auditRows('settings.update')).at(-1)).toMatchObject({ role: 'owner', before: { siteName: before.data.siteName }, after: { siteName: 'Night Dramas' } });

    const finance = await operatorToken(t, 'finance');
    const batch = await send('POST', `${ADMIN_PREFIX}/redeem-codes`, { authorization: finance.authorization }, { type: 'points', value: 30, count: 3, campaign: 'spring-festival' });
    expect(batch.status, batch.raw).toBe(200);
    const codes = (batch.body as { data: { codes: string[] } }).data.codes;
    const batchRow = (await auditRows('redeem.batch-create')).at(-1);
    expect(batchRow).toMatchObject({ role: 'finance', after: { type: 'points', value: 30, count: 3, campaign: 'spring-festival' } });
    for (const code of codes) expect(JSON.stringify(batchRow)).not.toContain(code);

    const content = await operatorToken(t, 'content');
    const headers = { authorization: content.authorization };
    expect((await send('POST', `${ADMIN_PREFIX}/search/blocked-terms`, headers, { term: 'Spoiler' })).status).toBe(200);
    expect((await send('DELETE', `${ADMIN_PREFIX}/search/blocked-terms/spoiler`, headers)).status).toBe(200);
    expect((await auditRows('search.block-term')).at(-1)).toMatchObject({ role: 'content', target_type: 'search-term', after: { term: 'Spoiler' } });
    expect((await auditRows('search.unblock-term')).at(-1)).toMatchObject({ role: 'content', before: { term: 'Spoiler' } });
  });
});
