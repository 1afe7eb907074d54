import { auditListResponseSchema, consoleSignInResponseSchema, createdApiTokenResponseSchema, createdOperatorResponseSchema, totpSetupResponseSchema } from '@drama/contracts';
import { generate, generateSecret } from 'otplib';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { OperatorService } from '../../src/modules/operators/service.js';
import { CSRF_COOKIE, SESSION_COOKIE } from '../../src/platform/operators.js';
import { OPERATOR_PASSWORD, buildOperator, callerHeaders, consoleAs, cookieValue, signInOperator } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

let now = new Date('2026-11-27T08:00:00Z');
const t = useTestApp({ CONSOLE_IDLE_MINUTES: '30' }, { clock: () => now });

function signIn(payload: Record<string, unknown>, remoteAddress = '127.0.0.1') {
  return t.server.inject({ method: 'POST', url: '/api/v1/console/auth/sign-in', payload, remoteAddress });
}

async function auditRows(action: string) {
  return t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('console sign-in', () => {
  it('the first start makes an owner who chooses a password through a one-time link', async () => {
    const owner = await t.ctx.db.selectFrom('operators').selectAll().where('username', '=', 'owner').executeTakeFirstOrThrow();
    expect(owner.role).toBe('owner');
    expect(owner.password_hash).toBeNull();
    expect(owner.setup_token_hash).not.toBeNull();
  });

  it('prints a fresh set-up link at each start while no owner can sign in, and none after', async () => {
    const printed: Array<{ setupUrl: string }> = [];
    const log = { warn: (fields: { setupUrl: string }) => printed.push(fields) } as unknown as FastifyBaseLogger;
    const service = new OperatorService(t.ctx, log);
    await service.ensureFirstOwner('http://127.0.0.1:3000');
    expect(printed).toHaveLength(1);
    const token = new URL(printed[0]?.setupUrl ?? 'http://x').searchParams.get('token') ?? '';
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/setup', payload: { token, password: 'the owner password' } })).statusCode).toBe(200);
    expect((await signIn({ username: 'owner', password: 'the owner password' })).statusCode).toBe(200);
    await service.ensureFirstOwner('http://127.0.0.1:3000');
    expect(printed).toHaveLength(1);
  });

  it('sets an httpOnly SameSite=Strict session cookie and a readable CSRF cookie', async () => {
    const row = await buildOperator(t, 'content');
    const response = await signIn({ username: row.username, password: OPERATOR_PASSWORD });
    expect(response.statusCode).toBe(200);
    const result = consoleSignInResponseSchema.parse(response.json()).data;
    expect(result.step).toBe('signed-in');
    const cookies = [response.headers['set-cookie']].flat().join('\n');
    expect(cookies).toMatch(new RegExp(`${SESSION_COOKIE}=[^;]+;.*HttpOnly.*SameSite=Strict`, 'i'));
    const csrfLine = [response.headers['set-cookie']].flat().find((line) => line?.startsWith(CSRF_COOKIE)) ?? '';
    expect(csrfLine).toMatch(/SameSite=Strict/i);
    expect(csrfLine).not.toMatch(/HttpOnly/i);
    if (result.step === 'signed-in') expect(result.me.csrfToken).toBe(cookieValue(response.headers['set-cookie'], CSRF_COOKIE));
  });

  it('answers the same for an unknown username as for a wrong password', async () => {
    const row = await buildOperator(t, 'support');
    const unknown = await signIn({ username: 'nobody-here', password: 'whatever-password' });
    const wrong = await signIn({ username: row.username, password: 'whatever-password' });
    expect(unknown.statusCode).toBe(401);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.json().code).toBe('OPERATOR_CREDENTIALS_INVALID');
    expect(wrong.json().code).toBe('OPERATOR_CREDENTIALS_INVALID');
  });

  it('locks an operator out after 5 wrong passwords, even for the right one, until 15 minutes pass', async () => {
    const row = await buildOperator(t, 'finance');
    for (let i = 0; i < 4; i += 1) expect((await signIn({ username: row.username, password: 'wrong-password' })).statusCode).toBe(401);
    expect((await signIn({ username: row.username, password: 'wrong-password' })).json().code).toBe('OPERATOR_LOCKED');
    const locked = await signIn({ username: row.username, password: OPERATOR_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({ code: 'OPERATOR_LOCKED', details: { retryAfter: expect.any(Number) } });
    now = new Date(now.getTime() + 16 * 60_000);
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD })).statusCode).toBe(200);
  });

  it('throttles one address trying many usernames', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i += 1) statuses.push((await signIn({ username: `guess-${i}`, password: 'wrong-password' }, '203.0.113.9')).statusCode);
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a disabled operator', async () => {
    const row = await buildOperator(t, 'content');
    await t.ctx.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', row.id).execute();
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD })).json().code).toBe('OPERATOR_DISABLED');
  });
});

describe('console sessions', () => {
  it('refuses a change without the CSRF header, or with a wrong one; reads need none', async () => {
    const caller = await consoleAs(t, 'owner');
    const cookie = caller.headers.cookie ?? '';
    const payload = { name: 'ci', role: 'content' };
    const none = await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: { cookie }, payload });
    expect(none.statusCode).toBe(403);
    expect(none.json().code).toBe('CSRF_INVALID');
    const wrong = await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: { cookie, 'x-csrf-token': `${caller.cookies.csrf}x` }, payload });
    expect(wrong.json().code).toBe('CSRF_INVALID');
    // Another session's CSRF value does not fit this session.
    const other = await consoleAs(t, 'owner');
    const crossed = await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: { cookie, 'x-csrf-token': other.cookies.csrf }, payload });
    expect(crossed.json().code).toBe('CSRF_INVALID');
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: { cookie } })).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: caller.headers, payload })).statusCode).toBe(200);
  });

  it('ends after 30 idle minutes, but not while the operator keeps working', async () => {
    const caller = await consoleAs(t, 'support');
    const me = () => t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: caller.headers });
    for (let i = 0; i < 4; i += 1) {
      now = new Date(now.getTime() + 20 * 60_000);
      expect((await me()).statusCode).toBe(200);
    }
    now = new Date(now.getTime() + 31 * 60_000);
    const expired = await me();
    expect(expired.statusCode).toBe(401);
    expect(expired.json().code).toBe('OPERATOR_UNAUTHENTICATED');
  });

  it('signing out ends the session; a forged or absent cookie is refused', async () => {
    const caller = await consoleAs(t, 'content');
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/sign-out', headers: caller.headers })).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: caller.headers })).statusCode).toBe(401);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: callerHeaders('forged', 'forged') })).statusCode).toBe(401);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me' })).statusCode).toBe(401);
  });

  it('a member token opens nothing in the console', async () => {
    const member = await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: { authorization: `Bearer ${t.ctx.tokens.sign({ userId: 1, version: 0 })}` } });
    expect(member.statusCode).toBe(401);
  });
});

describe('two-factor sign-in', () => {
  it('is set up with a code, then asked for at sign-in, and a code works only once', async () => {
    const row = await buildOperator(t, 'content');
    const cookies = await signInOperator(t, row.username);
    const headers = callerHeaders(cookies.session, cookies.csrf);
    const setup = totpSetupResponseSchema.parse((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/setup', headers })).json()).data;
    expect(setup.otpauthUrl).toMatch(/^otpauth:\/\/totp\//);
    const wrongConfirm = await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/confirm', headers, payload: { code: '000000' } });
    expect(wrongConfirm.json().code).toBe('TOTP_INVALID');
    const code = await generate({ secret: setup.secret, epoch: Math.floor(now.getTime() / 1000) });
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/confirm', headers, payload: { code } })).statusCode).toBe(200);

    const first = consoleSignInResponseSchema.parse((await signIn({ username: row.username, password: OPERATOR_PASSWORD })).json()).data;
    expect(first).toEqual({ step: 'totp' });
    now = new Date(now.getTime() + 30_000);
    const next = await generate({ secret: setup.secret, epoch: Math.floor(now.getTime() / 1000) });
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD, code: next })).statusCode).toBe(200);
    const replay = await signIn({ username: row.username, password: OPERATOR_PASSWORD, code: next });
    expect(replay.json().code).toBe('TOTP_INVALID');
    expect((await auditRows('operator.totp-enable')).some((entry) => entry.operator_id === row.id)).toBe(true);
  });

  it('when the owner requires it, an operator without it may only set it up', async () => {
    const owner = await consoleAs(t, 'owner');
    expect((await t.server.inject({ method: 'PUT', url: '/api/v1/console/security', headers: owner.headers, payload: { requireTotp: true } })).statusCode).toBe(200);
    try {
      const row = await buildOperator(t, 'owner');
      const response = await signIn({ username: row.username, password: OPERATOR_PASSWORD });
      const result = consoleSignInResponseSchema.parse(response.json()).data;
      expect(result.step).toBe('totp-setup');
      const headers = callerHeaders(cookieValue(response.headers['set-cookie'], SESSION_COOKIE), cookieValue(response.headers['set-cookie'], CSRF_COOKIE));
      const refused = await t.server.inject({ method: 'GET', url: '/api/v1/console/operators', headers });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('TOTP_SETUP_REQUIRED');
      const setup = totpSetupResponseSchema.parse((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/setup', headers })).json()).data;
      const code = await generate({ secret: setup.secret, epoch: Math.floor(now.getTime() / 1000) });
      expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/confirm', headers, payload: { code } })).statusCode).toBe(200);
      expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/operators', headers })).statusCode).toBe(200);
    } finally {
      await t.server.inject({ method: 'PUT', url: '/api/v1/console/security', headers: owner.headers, payload: { requireTotp: false } });
    }
  });

  it('an owner resets a lost two-factor, which ends that operator\'s sessions', async () => {
    const secret = generateSecret();
    const row = await buildOperator(t, 'support', { totpSecret: secret });
    const cookies = await signInOperator(t, row.username, secret);
    const owner = await consoleAs(t, 'owner');
    expect((await t.server.inject({ method: 'POST', url: `/api/v1/console/operators/${row.id}/reset-2fa`, headers: owner.headers })).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: callerHeaders(cookies.session, cookies.csrf) })).statusCode).toBe(401);
    expect(consoleSignInResponseSchema.parse((await signIn({ username: row.username, password: OPERATOR_PASSWORD })).json()).data.step).toBe('signed-in');
  });
});

describe('operators and set-up links', () => {
  it('an owner adds an operator, who chooses a password through the link once', async () => {
    const owner = await consoleAs(t, 'owner');
    const created = createdOperatorResponseSchema.parse(
      (await t.server.inject({ method: 'POST', url: '/api/v1/console/operators', headers: owner.headers, payload: { username: 'Editor.Li', role: 'content' } })).json(),
    ).data;
    expect(created.operator).toMatchObject({ username: 'editor.li', role: 'content', pendingSetup: true });
    const token = new URL(created.setupUrl).searchParams.get('token') ?? '';
    expect(new URL(created.setupUrl).pathname).toBe('/console/setup');
    const info = await t.server.inject({ method: 'GET', url: `/api/v1/console/auth/setup/${token}` });
    expect(info.json().data).toMatchObject({ username: 'editor.li', role: 'content' });
    const done = await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/setup', payload: { token, password: 'a long new password' } });
    expect(done.statusCode).toBe(200);
    const again = await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/setup', payload: { token, password: 'another long password' } });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe('SETUP_LINK_INVALID');
    expect((await signIn({ username: 'editor.li', password: 'a long new password' })).statusCode).toBe(200);
    const taken = await t.server.inject({ method: 'POST', url: '/api/v1/console/operators', headers: owner.headers, payload: { username: 'editor.li', role: 'support' } });
    expect(taken.json().code).toBe('OPERATOR_USERNAME_TAKEN');

    const [entry] = (await auditRows('operator.create')).filter((row) => row.target_id === String(created.operator.id));
    expect(entry).toMatchObject({ operator_id: owner.operator.id, username: owner.operator.username, via: 'session', target_type: 'operator', after: { username: 'editor.li', role: 'content' } });
    expect(JSON.stringify(entry)).not.toMatch(/token|hash/i);
  });

  it('an expired set-up link is refused', async () => {
    const owner = await consoleAs(t, 'owner');
    const created = createdOperatorResponseSchema.parse(
      (await t.server.inject({ method: 'POST', url: '/api/v1/console/operators', headers: owner.headers, payload: { username: 'late.one', role: 'finance' } })).json(),
    ).data;
    const token = new URL(created.setupUrl).searchParams.get('token') ?? '';
    now = new Date(now.getTime() + 73 * 3_600_000);
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/setup', payload: { token, password: 'a long new password' } })).statusCode).toBe(410);
  });

  it('disabling an operator ends their sessions and revokes their tokens; the last owner stays', async () => {
    const owner = await consoleAs(t, 'owner');
    const victim = await consoleAs(t, 'content');
    const token = createdApiTokenResponseSchema.parse(
      (await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: victim.headers, payload: { name: 'cli', role: 'content' } })).json(),
    ).data.token;
    const disabled = await t.server.inject({ method: 'PATCH', url: `/api/v1/console/operators/${victim.operator.id}`, headers: owner.headers, payload: { status: 'disabled' } });
    expect(disabled.json().data.status).toBe('disabled');
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/auth/me', headers: victim.headers })).statusCode).toBe(401);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/tokens', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    const [entry] = (await auditRows('operator.update')).filter((row) => row.target_id === String(victim.operator.id));
    expect(entry).toMatchObject({ before: { status: 'active' }, after: { status: 'disabled' } });

    const owners = await t.ctx.db.selectFrom('operators').select('id').where('role', '=', 'owner').where('status', '=', 'active').execute();
    for (const other of owners.filter((row) => row.id !== owner.operator.id)) {
      await t.ctx.db.updateTable('operators').set({ status: 'disabled' }).where('id', '=', other.id).execute();
    }
    const self = await t.server.inject({ method: 'PATCH', url: `/api/v1/console/operators/${owner.operator.id}`, headers: owner.headers, payload: { role: 'content' } });
    expect(self.statusCode).toBe(409);
    expect(self.json().code).toBe('LAST_OWNER');
  });
});

describe('a role change', () => {
  async function tokenOf(caller: { headers: Record<string, string> }, role: string) {
    const response = await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: caller.headers, payload: { name: `as ${role}`, role } });
    return createdApiTokenResponseSchema.parse(response.json()).data.record.id;
  }

  async function liveTokens(operatorId: number) {
    const rows = await t.ctx.db.selectFrom('operator_api_tokens').select('role').where('operator_id', '=', operatorId).where('revoked_at', 'is', null).execute();
    return rows.map((row) => row.role).sort();
  }

  async function changeRole(owner: { headers: Record<string, string> }, id: number, role: string) {
    const response = await t.server.inject({ method: 'PATCH', url: `/api/v1/console/operators/${id}`, headers: owner.headers, payload: { role } });
    expect(response.statusCode).toBe(200);
    const entries = (await auditRows('operator.update')).filter((row) => row.target_id === String(id));
    return entries.at(-1);
  }

  it('revokes, with it, the API tokens of roles the new one does not cover, and the audit row counts them', async () => {
    const owner = await consoleAs(t, 'owner');
    const other = await consoleAs(t, 'owner');
    for (const role of ['owner', 'content', 'support', 'finance']) await tokenOf(other, role);

    const demoted = await changeRole(owner, other.operator.id, 'support');
    expect(await liveTokens(other.operator.id)).toEqual(['support']);
    expect(demoted).toMatchObject({ before: { role: 'owner' }, after: { role: 'support', revokedApiTokens: 3 } });

    // Back to owner: the owner role covers the support token that is left, and nothing comes back.
    expect(await changeRole(owner, other.operator.id, 'owner')).toMatchObject({ after: { role: 'owner', revokedApiTokens: 0 } });
    expect(await liveTokens(other.operator.id)).toEqual(['support']);
  });

  it('from one role to another that is not owner revokes the tokens of the old role', async () => {
    const owner = await consoleAs(t, 'owner');
    const editor = await consoleAs(t, 'content');
    await tokenOf(editor, 'content');
    await tokenOf(editor, 'content');
    expect(await changeRole(owner, editor.operator.id, 'finance')).toMatchObject({ after: { role: 'finance', revokedApiTokens: 2 } });
    expect(await liveTokens(editor.operator.id)).toEqual([]);
  });
});

describe('API tokens', () => {
  it('act with their own role, need no CSRF, are shown once and stop when revoked', async () => {
    const support = await consoleAs(t, 'support');
    const tooHigh = await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: support.headers, payload: { name: 'x', role: 'owner' } });
    expect(tooHigh.json().code).toBe('API_TOKEN_ROLE_TOO_HIGH');
    const created = createdApiTokenResponseSchema.parse(
      (await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: support.headers, payload: { name: 'cli', role: 'support' } })).json(),
    ).data;
    expect(created.token).toMatch(/^opk_/);
    const bearer = { authorization: `Bearer ${created.token}` };
    const listed = await t.server.inject({ method: 'GET', url: '/api/v1/console/tokens', headers: bearer });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).not.toContain(created.token);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/audit', headers: bearer })).statusCode).toBe(403);
    const stored = await t.ctx.db.selectFrom('operator_api_tokens').select('token_hash').where('id', '=', created.record.id).executeTakeFirstOrThrow();
    expect(stored.token_hash).not.toContain(created.token.slice(4));
    expect((await t.server.inject({ method: 'DELETE', url: `/api/v1/console/tokens/${created.record.id}`, headers: support.headers })).statusCode).toBe(200);
    expect((await t.server.inject({ method: 'GET', url: '/api/v1/console/tokens', headers: bearer })).statusCode).toBe(401);
  });

  it('a stranger cannot revoke another operator\'s token', async () => {
    const owner = await consoleAs(t, 'owner');
    const mine = createdApiTokenResponseSchema.parse(
      (await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: owner.headers, payload: { name: 'mine', role: 'finance' } })).json(),
    ).data;
    const stranger = await consoleAs(t, 'finance');
    const refused = await t.server.inject({ method: 'DELETE', url: `/api/v1/console/tokens/${mine.record.id}`, headers: stranger.headers });
    expect(refused.statusCode).toBe(404);
  });
});

describe('audit log', () => {
  it('is filterable by action and operator, newest first', async () => {
    const owner = await consoleAs(t, 'owner');
    await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: owner.headers, payload: { name: 'one', role: 'content' } });
    await t.server.inject({ method: 'POST', url: '/api/v1/console/tokens', headers: owner.headers, payload: { name: 'two', role: 'content' } });
    const page = auditListResponseSchema.parse(
      (await t.server.inject({ method: 'GET', url: `/api/v1/console/audit?action=api-token.create&operatorId=${owner.operator.id}&limit=1`, headers: owner.headers })).json(),
    ).data;
    expect(page.total).toBe(2);
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ action: 'api-token.create', after: { name: 'two' }, username: owner.operator.username });
  });

  it('cannot be changed or deleted, even by the database user', async () => {
    await expect(t.ctx.db.updateTable('audit_log').set({ action: 'nothing' }).execute()).rejects.toThrow(/append-only/);
    await expect(t.ctx.db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
  });
});
