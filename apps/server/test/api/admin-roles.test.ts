import { isDeepStrictEqual } from 'node:util';
import { API_BASE, apiErrorEnvelopeSchema, apiPaths, OPERATOR_ROLES, type OperatorRole } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminRule } from '../../src/platform/admin-access.js';
import { type ConsoleRule, roleAllows } from '../../src/platform/operators.js';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { auditedCall } from '../support/audited-calls.js';
import { buildUser } from '../support/factories.js';
import { pointsChange, vipGrant } from '../support/operator-acts.js';
import { consoleAs, operatorToken } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN });
const ADMIN_PREFIX = `${API_BASE}/admin`;
const CONSOLE_PREFIX = `${API_BASE}/console`;
const BOOTSTRAP = { authorization: `Bearer ${TEST_ADMIN_TOKEN}` };

function adminRoutes() {
  return t.routes.filter((route) => route.url.startsWith(`${ADMIN_PREFIX}/`) && route.method !== 'HEAD');
}

function ruleOf(route: { config: Record<string, unknown> }): AdminRule {
  return route.config.admin as AdminRule;
}

/** The console's routes that need a signed-in operator (or an operator's API token). */
function signedInConsoleRoutes() {
  return t.routes.filter((route) => {
    const rule = route.config.console as ConsoleRule | undefined;
    return route.url.startsWith(`${CONSOLE_PREFIX}/`) && route.method !== 'HEAD' && rule !== undefined && !('public' in rule);
  });
}

/** A path to call: every parameter filled with something nobody has, so a call that passes the checks changes nothing. */
function concrete(url: string): string {
  return url.replace(/:(\w+)/g, (_match, name: string) =>
    name === 'username' ? 'nobody-by-this-name' : name === 'term' ? 'never-blocked' : name === 'lang' ? 'en' : name === 'token' ? 'AAAAAAAAAAAAAAAAAAAAAAAA' : '987654',
  );
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

describe('the /admin surface is the bootstrap token\'s four calls, each with its role rule checked on the server', () => {
  const tokens = new Map<OperatorRole, Record<string, string>>();
  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) tokens.set(role, { authorization: (await operatorToken(t, role)).authorization });
  });

  it('is exactly the operators and their tokens: owner only, open to the bootstrap token, each change audited', () => {
    const routes = adminRoutes();
    expect(routes.map((route) => `${route.method} ${route.url.slice(ADMIN_PREFIX.length)}`).sort()).toEqual([
      'POST /operators',
      'POST /operators/:username/disable',
      'POST /operators/:username/reset-2fa',
      'POST /operators/:username/tokens',
    ]);
    for (const route of routes) {
      expect(ruleOf(route), `${route.method} ${route.url}`).toMatchObject({ role: 'owner', bootstrap: true, audit: expect.any(String) as string });
    }
  });

  it("writes, for each call, exactly its audit row, naming the token's operator and its target", async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const path = route.url.slice(API_BASE.length);
      const owner = await operatorToken(t, 'owner');
      const caller = { headers: { authorization: owner.authorization }, operatorId: owner.operatorId, via: 'token' as const };
      const outcome = await auditedCall(t, route.method, path, ruleOf(route).audit ?? '', caller).catch((error: unknown) => String(error));
      if (typeof outcome === 'string') failures.push(`${route.method} ${path}: ${outcome}`);
      else if (outcome.status !== outcome.okStatus) failures.push(`${route.method} ${path}: answered ${outcome.status} ${outcome.answer}`);
      else if (!isDeepStrictEqual(outcome.written, [outcome.expected])) {
        failures.push(`${route.method} ${path}: wrote ${JSON.stringify(outcome.written)}, not ${JSON.stringify(outcome.expected)}`);
      }
    }
    expect(failures).toEqual([]);
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

  it("answers an API token of each role as the route's rule says, before looking at the input", async () => {
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

  it('lets the bootstrap token make operators and their tokens, and nothing else: every console route refuses it', async () => {
    const failures: string[] = [];
    for (const route of adminRoutes()) {
      const answer = await send(route.method, concrete(route.url), BOOTSTRAP);
      if (answer.status === 401 || answer.status === 403) failures.push(`${route.method} ${route.url}: ${answer.status} ${answer.raw.slice(0, 120)}`);
    }
    const consoleRoutes = signedInConsoleRoutes();
    expect(consoleRoutes.length).toBeGreaterThan(30);
    for (const route of consoleRoutes) {
      const answer = await send(route.method, concrete(route.url), BOOTSTRAP);
      // Not an operator's API token (no opk_ prefix), nor a session: nobody signed in.
      if (answer.status !== 401 || answer.code !== 'OPERATOR_UNAUTHENTICATED') failures.push(`${route.method} ${route.url}: ${answer.status} ${answer.raw.slice(0, 120)}`);
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
    expect((await send('GET', `${API_BASE}${apiPaths.consoleMembers()}`, support)).status).toBe(200);
    expect((await send('GET', `${API_BASE}${apiPaths.consoleFeedback()}`, support)).status).toBe(200);
    expect((await send('PATCH', `${API_BASE}${apiPaths.consoleSettings()}`, support, { siteName: 'Taken over' })).code).toBe('OPERATOR_FORBIDDEN');

    const created = (await auditRows('operator.create')).find((row) => (row.after as { username?: string } | null)?.username === 'support-lead');
    expect(created).toMatchObject({ operator_id: null, username: 'bootstrap', via: 'bootstrap', target_type: 'operator', after: { username: 'support-lead', role: 'support' } });
    const tokenRows = await auditRows('api-token.create');
    expect(tokenRows.at(-1)).toMatchObject({ via: 'bootstrap', after: { name: 'cli', role: 'support', operator: 'support-lead' } });
    expect(JSON.stringify(tokenRows)).not.toContain(token);

    // Disabling the operator revokes their tokens at once.
    const disabled = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/disable`, BOOTSTRAP);
    expect(disabled.status, disabled.raw).toBe(200);
    expect(disabled.body).toMatchObject({ data: { status: 'disabled' } });
    expect((await send('GET', `${API_BASE}${apiPaths.consoleMembers()}`, support)).code).toBe('OPERATOR_UNAUTHENTICATED');
    expect((await auditRows('operator.update')).at(-1)).toMatchObject({ via: 'bootstrap', before: { status: 'active' }, after: { status: 'disabled' } });

    const reset = await send('POST', `${ADMIN_PREFIX}/operators/support-lead/reset-2fa`, BOOTSTRAP);
    expect(reset.status, reset.raw).toBe(200);
    expect((await auditRows('operator.reset-2fa')).at(-1)).toMatchObject({ via: 'bootstrap', target_id: String((made.body as { data: { operator: { id: number } } }).data.operator.id) });
    const unknown = await send('POST', `${ADMIN_PREFIX}/operators/nobody-by-this-name/reset-2fa`, BOOTSTRAP);
    expect([unknown.status, unknown.code]).toEqual([404, 'OPERATOR_NOT_FOUND']);
  });
});

describe("every change made with an operator's API token is audited under the token's operator, in the change's transaction", () => {
  /** An operator of `role` made by the bootstrap token, and an API token of that role: what the command starts with. */
  async function commandOperator(role: OperatorRole) {
    const username = `cmd-${role}-${Math.random().toString(36).slice(2, 8)}`;
    const made = await send('POST', `${ADMIN_PREFIX}/operators`, BOOTSTRAP, { username, role });
    expect(made.status, made.raw).toBe(200);
    const issued = await send('POST', `${ADMIN_PREFIX}/operators/${username}/tokens`, BOOTSTRAP, { name: 'cli', role });
    expect(issued.status, issued.raw).toBe(200);
    return {
      headers: { authorization: `Bearer ${(issued.body as { data: { token: string } }).data.token}` },
      operatorId: (made.body as { data: { operator: { id: number } } }).data.operator.id,
    };
  }
  const at = (path: string) => `${API_BASE}${path}`;

  it('member status, VIP and points, with the values before and after and the reason', async () => {
    const support = await commandOperator('support');
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const { headers } = support;
    expect((await send('POST', at(apiPaths.consoleMemberDisable(member.user.id)), headers, { reason: 'abuse report' })).status).toBe(200);
    expect((await send('POST', at(apiPaths.consoleMemberEnable(member.user.id)), headers, { reason: 'appeal granted' })).status).toBe(200);
    const target = { target_type: 'user', target_id: String(member.user.id), operator_id: support.operatorId, role: 'support', via: 'token' };
    expect((await auditRows('member.disable')).at(-1)).toMatchObject({ ...target, before: { status: 1 }, after: { status: 0, reason: 'abuse report' } });
    expect((await auditRows('member.enable')).at(-1)).toMatchObject({ ...target, before: { status: 0 }, after: { status: 1, reason: 'appeal granted' } });

    const { reason: _reason, ...noReason } = vipGrant(7);
    const refused = await send('POST', at(apiPaths.consoleMemberVip(member.user.id)), headers, noReason);
    expect([refused.status, refused.code]).toEqual([400, 'VALIDATION_FAILED']);
    const vip = await send('POST', at(apiPaths.consoleMemberVip(member.user.id)), headers, vipGrant(7, 'outage on 3 May'));
    expect(vip.status, vip.raw).toBe(200);
    const vipRow = (await auditRows('member.vip')).at(-1);
    expect(vipRow).toMatchObject({ ...target, before: { vipLevel: 0, vipExpireTime: null }, after: { vipLevel: 1, direction: 'grant', amount: 7, reason: 'outage on 3 May' } });

    const granted = await send('POST', at(apiPaths.consoleMemberPoints(member.user.id)), headers, pointsChange(50, 'ticket 42'));
    expect(granted.status, granted.raw).toBe(200);
    expect((await auditRows('member.points')).at(-1)).toMatchObject({ ...target, before: { points: 0 }, after: { points: 50, amount: 50, reason: 'ticket 42' } });
    // A refused change leaves no record.
    const countBefore = (await auditRows('member.points')).length;
    const tooMuch = await send('POST', at(apiPaths.consoleMemberPoints(member.user.id)), headers, pointsChange(-51, 'x'));
    expect(tooMuch.code).toBe('INSUFFICIENT_POINTS');
    expect(await auditRows('member.points')).toHaveLength(countBefore);
  });

  it('feedback replies and closing', async () => {
    const support = await commandOperator('support');
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const sent = await send('POST', `${API_BASE}/client/feedback`, member.auth, { type: 'general', content: 'the player stalls' });
    expect(sent.status, sent.raw).toBe(200);
    const id = (sent.body as { data: { id: number } }).data.id;
    const { headers } = support;
    expect((await send('POST', at(apiPaths.consoleFeedbackReply(id)), headers, { content: 'Fixed, thank you' })).status).toBe(200);
    expect((await send('POST', at(apiPaths.consoleFeedbackClose(id)), headers)).status).toBe(200);
    const by = { operator_id: support.operatorId, role: 'support', via: 'token' };
    expect((await auditRows('feedback.reply')).at(-1)).toMatchObject({ ...by, target_id: String(id), before: { status: 'pending' }, after: { status: 'replied', content: 'Fixed, thank you' } });
    expect((await auditRows('feedback.close')).at(-1)).toMatchObject({ ...by, target_id: String(id), before: { status: 'replied' }, after: { status: 'closed' } });
  });

  it('settings before and after, redeem batches without their codes, and blocked search terms', async () => {
    const owner = await commandOperator('owner');
    const before = (await send('GET', at(apiPaths.consoleSettings()), owner.headers)).body as { data: { siteName: string } };
    expect((await send('PATCH', at(apiPaths.consoleSettings()), owner.headers, { siteName: 'Night Dramas' })).status).toBe(200);
    expect((await auditRows('settings.update')).at(-1)).toMatchObject({ operator_id: owner.operatorId, role: 'owner', via: 'token', before: { siteName: before.data.siteName }, after: { siteName: 'Night Dramas' } });

    const finance = await commandOperator('finance');
    const batch = await send('POST', at(apiPaths.consoleCampaigns()), finance.headers, { name: 'spring-festival', type: 'points', value: 30, count: 3 });
    expect(batch.status, batch.raw).toBe(200);
    const batchId = (batch.body as { data: { id: number } }).data.id;
    const csv = await t.server.inject({ method: 'GET', url: at(apiPaths.consoleCampaignCodes(batchId)), headers: finance.headers });
    expect(csv.statusCode, csv.body).toBe(200);
    const codes = csv.body.replace(/^\uFEFF/, '').trim().split('\r\n').slice(1).map((line) => line.split(',')[0] ?? '');
    expect(codes).toHaveLength(3);
    const batchRow = (await auditRows('redeem.batch-create')).at(-1);
    expect(batchRow).toMatchObject({ operator_id: finance.operatorId, role: 'finance', via: 'token', after: { type: 'points', value: 30, count: 3, campaign: 'spring-festival' } });
    const exportRow = (await auditRows('redeem.batch-export')).at(-1);
    expect(exportRow).toMatchObject({ operator_id: finance.operatorId, target_id: String(batchId) });
    for (const code of codes) expect(JSON.stringify([batchRow, exportRow])).not.toContain(code);

    const content = await commandOperator('content');
    const { headers } = content;
    expect((await send('POST', at(apiPaths.consoleBlockedTerms()), headers, { term: 'Spoiler' })).status).toBe(200);
    expect((await send('DELETE', at(apiPaths.consoleBlockedTerm('spoiler')), headers)).status).toBe(200);
    const by = { operator_id: content.operatorId, role: 'content', via: 'token' };
    expect((await auditRows('search.block-term')).at(-1)).toMatchObject({ ...by, target_type: 'search-term', after: { term: 'Spoiler' } });
    expect((await auditRows('search.unblock-term')).at(-1)).toMatchObject({ ...by, before: { term: 'Spoiler' } });
  });
});
