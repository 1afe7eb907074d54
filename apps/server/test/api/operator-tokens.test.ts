import { API_BASE, apiPaths, consoleOutboxListResponseSchema, createdApiTokenResponseSchema, type OperatorRole } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { buildOperator, callerHeaders, signInOperator } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';
import { accountClient, uniqueEmail } from '../support/accounts.js';

let now = new Date('2026-12-01T08:00:00Z');
const t = useTestApp({ CONSOLE_IDLE_MINUTES: '1' }, { clock: () => now });

function call(method: 'GET' | 'POST' | 'PATCH', url: string, headers: Record<string, string>, payload?: unknown) {
  return t.server.inject({ method, url: `${API_BASE}${url}`, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** An operator of `role`, signed in, with an API token of `tokenRole` they made themselves. */
async function operatorWithToken(role: OperatorRole, tokenRole: OperatorRole = role) {
  const row = await buildOperator(t, role);
  const cookies = await signInOperator(t, row.username);
  const session = callerHeaders(cookies.session, cookies.csrf);
  const made = await call('POST', '/console/tokens', session, { name: 'scripts', role: tokenRole });
  expect(made.statusCode, made.body).toBe(200);
  const { token } = createdApiTokenResponseSchema.parse(made.json()).data;
  return { id: row.id, username: row.username, session, bearer: { authorization: `Bearer ${token}` } };
}

async function ownerSession() {
  const row = await buildOperator(t, 'owner');
  const cookies = await signInOperator(t, row.username);
  return callerHeaders(cookies.session, cookies.csrf);
}

describe("an API token can do at most what its operator can do now", () => {
  it('a demoted owner cannot make themselves owner again with the owner token they made before', async () => {
    const owner = await ownerSession();
    const second = await operatorWithToken('owner');
    const demoted = await call('PATCH', `/console/operators/${second.id}`, owner, { role: 'support' });
    expect(demoted.statusCode, demoted.body).toBe(200);

    const promote = await call('PATCH', `/console/operators/${second.id}`, second.bearer, { role: 'owner' });
    expect(promote.statusCode).toBe(401);
    const row = await t.ctx.db.selectFrom('operators').select('role').where('id', '=', second.id).executeTakeFirstOrThrow();
    expect(row.role).toBe('support');
  });

  it('a finance operator moved to content no longer reads orders or makes redeem codes with their finance token', async () => {
    const owner = await ownerSession();
    const finance = await operatorWithToken('finance');
    expect((await call('GET', '/console/orders', finance.bearer)).statusCode).toBe(200);
    expect((await call('PATCH', `/console/operators/${finance.id}`, owner, { role: 'content' })).statusCode).toBe(200);

    expect((await call('GET', '/console/orders', finance.bearer)).statusCode).toBe(401);
    const codes = await call('POST', apiPaths.consoleCampaigns(), finance.bearer, { name: 'a year free', type: 'vip_days', value: 365, count: 2 });
    expect(codes.statusCode).toBe(401);
    expect(await t.ctx.db.selectFrom('redeem_batches').select('id').where('name', '=', 'a year free').execute()).toHaveLength(0);
  });

  it('the role is checked when the token is used, not only when the role changes through the console', async () => {
    const finance = await operatorWithToken('finance');
    expect((await call('GET', '/console/orders', finance.bearer)).statusCode).toBe(200);
    // A change the console's revocation never saw (made in the database): the next call is refused all the same.
    await t.ctx.db.updateTable('operators').set({ role: 'content' }).where('id', '=', finance.id).execute();
    expect((await call('GET', '/console/orders', finance.bearer)).statusCode).toBe(401);
    await t.ctx.db.updateTable('operators').set({ role: 'finance' }).where('id', '=', finance.id).execute();
  });

  it("a token narrower than its operator acts in the token's role, and the audit log keeps the operator's role", async () => {
    const owner = await operatorWithToken('owner', 'support');
    // The owner's support token may not do an owner's act.
    const settings = await call('PATCH', apiPaths.consoleSettings(), owner.bearer, { siteName: 'Not allowed' });
    expect(settings.statusCode).toBe(403);
    expect(settings.json()).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });

    const member = await buildUser(t.database.db, t.ctx.tokens);
    const disabled = await call('POST', apiPaths.consoleMemberDisable(member.user.id), owner.bearer, { reason: 'chargeback fraud' });
    expect(disabled.statusCode, disabled.body).toBe(200);
    const audit = await t.ctx.db
      .selectFrom('audit_log')
      .select(['role', 'via', 'operator_id'])
      .where('action', '=', 'member.disable')
      .where('target_id', '=', String(member.user.id))
      .executeTakeFirstOrThrow();
    expect(audit).toEqual({ role: 'owner', via: 'token', operator_id: owner.id });
  });
});

describe('what only a signed-in session may do', () => {
  it("an API token makes no tokens, not even of its own role, so a leaked one cannot outlive its revocation", async () => {
    const owner = await operatorWithToken('owner', 'support');
    for (const role of ['owner', 'support'] as const) {
      const made = await call('POST', '/console/tokens', owner.bearer, { name: 'sibling', role });
      expect(made.statusCode, role).toBe(403);
      expect(made.json()).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });
    }
    const count = await t.ctx.db.selectFrom('operator_api_tokens').select('id').where('operator_id', '=', owner.id).execute();
    expect(count).toHaveLength(1);
    // The session of the same operator still makes them.
    expect((await call('POST', '/console/tokens', owner.session, { name: 'laptop', role: 'support' })).statusCode).toBe(200);
  });

  it("an API token cannot change its operator's password or two-factor sign-in", async () => {
    const owner = await operatorWithToken('owner', 'support');
    const attempts = [
      ['/console/auth/totp/setup', undefined],
      ['/console/auth/totp/confirm', { code: '123456' }],
      ['/console/auth/totp/disable', { code: '123456' }],
      ['/console/auth/password', { currentPassword: 'correct horse battery', newPassword: 'taken over for good' }],
    ] as const;
    for (const [url, payload] of attempts) {
      const answer = await call('POST', url, owner.bearer, payload);
      expect(answer.statusCode, url).toBe(403);
      expect(answer.json()).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });
    }
    const row = await t.ctx.db.selectFrom('operators').select(['totp_secret', 'totp_enabled']).where('id', '=', owner.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ totp_secret: null, totp_enabled: false });
  });
});

describe('verification codes in the outbox: one masking rule', () => {
  const accounts = accountClient(t);

  async function resetCodeFor(email: string) {
    const member = await accounts.signUp({ email });
    expect(member.user.id).toBeGreaterThan(0);
    const asked = await accounts.requestCode({ channel: 'email', target: email, purpose: 'reset' });
    expect(asked.status, JSON.stringify(asked.body)).toBe(200);
  }

  it('the retired admin outbox is gone, and support reads the console outbox with codes masked, by session and by token', async () => {
    const email = uniqueEmail();
    await resetCodeFor(email);
    const support = await operatorWithToken('support');
    expect((await call('GET', `/admin/outbox?target=${encodeURIComponent(email)}`, support.bearer)).statusCode).toBe(404);

    for (const headers of [support.bearer, support.session]) {
      const answer = await call('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(email)}`, headers);
      expect(answer.statusCode, answer.body).toBe(200);
      const [message] = consoleOutboxListResponseSchema.parse(answer.json()).data.items;
      expect(message?.body).toContain('******');
      expect(message?.body).not.toMatch(/\d{6}/);
    }
    // Nor does an owner's support token read them.
    const ownersSupportToken = await operatorWithToken('owner', 'support');
    const throughOwner = await call('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(email)}`, ownersSupportToken.bearer);
    expect(consoleOutboxListResponseSchema.parse(throughOwner.json()).data.items[0]?.body).not.toMatch(/\d{6}/);
  });

  it('support cannot take over a member with a reset code read from the outbox', async () => {
    const email = uniqueEmail();
    await resetCodeFor(email);
    const support = await operatorWithToken('support');
    const answer = await call('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(email)}`, support.bearer);
    const body = consoleOutboxListResponseSchema.parse(answer.json()).data.items[0]?.body ?? '';
    expect(/\d{6}/.exec(body)).toBeNull();
    // What support can see of the code is not the code: the reset is refused, the member keeps the account.
    const read = body.replace(/[^\d*]/g, '').slice(-6).replace(/\*/g, '0').padStart(6, '0');
    accounts.refused(await accounts.call('POST', apiPaths.resetPassword(), { body: { email, code: read, newPassword: 'taken-over-1' } }), 400, 'CODE_INVALID');
    // The same call with the code itself (read as the owner, audited) does go through: the refusal above is the masking's.
    const owner = await operatorWithToken('owner');
    const clear = await call('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(email)}`, owner.bearer);
    const code = /\d{6}/.exec(consoleOutboxListResponseSchema.parse(clear.json()).data.items[0]?.body ?? '')?.[0] ?? '';
    expect((await accounts.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'the-owners-test-1' } })).status).toBe(200);
  });

  it("the owner's read of a code is audited, with the messages and what was asked", async () => {
    const email = uniqueEmail();
    await resetCodeFor(email);
    const owner = await operatorWithToken('owner');
    const answer = await call('GET', `${apiPaths.consoleOutbox()}?q=${encodeURIComponent(email)}`, owner.bearer);
    const [message] = consoleOutboxListResponseSchema.parse(answer.json()).data.items;
    expect(message?.body).toMatch(/\d{6}/);
    const rows = await t.ctx.db.selectFrom('audit_log').selectAll().where('action', '=', 'outbox.read-codes').where('operator_id', '=', owner.id).execute();
    expect(rows).toHaveLength(1);
    const after = typeof rows[0]?.after === 'string' ? JSON.parse(rows[0].after) : rows[0]?.after;
    expect(after).toMatchObject({ q: email, messageIds: [message?.id], targets: [email] });
  });
});

describe('the idle timeout', () => {
  it('runs from the last call exactly: calls 35 s apart keep a one-minute session alive, 61 s of quiet end it', async () => {
    const row = await buildOperator(t, 'support');
    const cookies = await signInOperator(t, row.username);
    const headers = callerHeaders(cookies.session, cookies.csrf);
    const start = now;
    try {
      for (let step = 1; step <= 4; step += 1) {
        now = new Date(start.getTime() + step * 35_000);
        expect((await call('GET', '/console/auth/me', headers)).statusCode, `call ${step}`).toBe(200);
      }
      now = new Date(start.getTime() + 4 * 35_000 + 61_000);
      expect((await call('GET', '/console/auth/me', headers)).statusCode).toBe(401);
    } finally {
      now = start;
    }
  });
});
