import {
  apiPaths,
  codeRequestResponseSchema,
  doneResponseSchema,
  sessionResponseSchema,
  userProfileResponseSchema,
} from '@drama/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { accountClient, middayTimeZone, TEST_ADMIN_TOKEN, uniqueEmail, uniquePhone } from '../support/accounts.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, APP_TIMEZONE: middayTimeZone() });
const api = accountClient(t);

const db = () => t.database.db;

async function me(token: string) {
  return api.call('GET', apiPaths.me(), { token });
}

/** Moves every code of a destination back in time, as if `seconds` had gone by. */
async function age(target: string, seconds: number) {
  await db()
    .updateTable('verification_codes')
    .set({
      created_at: sql`created_at - make_interval(secs => ${seconds})`,
      expires_at: sql`expires_at - make_interval(secs => ${seconds})`,
    })
    .where('target', '=', target)
    .execute();
}

describe('sign-up', () => {
  it('creates an account and signs it in', async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ username: 'Fresh_Reader', email });
    expect(session.user).toMatchObject({
      username: 'Fresh_Reader',
      email,
      avatar: null,
      points: 0,
      vipLevel: 0,
      vipExpireTime: null,
      status: 1,
    });
    const profile = await me(session.token);
    expect(profile.status).toBe(200);
    expect(userProfileResponseSchema.parse(profile.body).data).toMatchObject({ id: session.user.id, email, phone: null });
  });

  it('keeps only a scrypt hash of the password', async () => {
    const session = await api.signUp({ password: 'plain-text-secret' });
    const row = await db()
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', session.user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    expect(row.password_hash).not.toContain('plain-text-secret');
  });

  it('refuses a taken username in any letter case with 409 USERNAME_TAKEN', async () => {
    await api.signUp({ username: 'CaseTaken_1' });
    for (const username of ['CaseTaken_1', 'casetaken_1', 'CASETAKEN_1']) {
      api.refused(await api.call('POST', apiPaths.signUp(), { body: { username, password: 'secret1' } }), 409, 'USERNAME_TAKEN');
    }
  });

  it('refuses an email another account uses with 409 EMAIL_TAKEN', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    const answer = await api.call('POST', apiPaths.signUp(), {
      body: { username: 'other_reader_9', password: 'secret1', email: email.toUpperCase() },
    });
    api.refused(answer, 409, 'EMAIL_TAKEN');
  });

  it.each([
    ['username too short', { username: 'abc', password: 'secret1' }, 'username'],
    ['username too long', { username: 'a'.repeat(21), password: 'secret1' }, 'username'],
    ['username with a space', { username: 'bad name', password: 'secret1' }, 'username'],
    ['username with a symbol', { username: 'bad-name', password: 'secret1' }, 'username'],
    ['username missing', { password: 'secret1' }, 'username'],
    ['password too short', { username: 'good_name', password: '12345' }, 'password'],
    ['password too long', { username: 'good_name', password: 'x'.repeat(129) }, 'password'],
    ['email malformed', { username: 'good_name', password: 'secret1', email: 'not-an-email' }, 'email'],
  ])('refuses %s with 400 VALIDATION_FAILED naming the field', async (_case, body, field) => {
    const answer = await api.call('POST', apiPaths.signUp(), { body });
    const details = api.refused(answer, 400, 'VALIDATION_FAILED') as unknown as Array<{ path: string }>;
    expect(details.map((issue) => issue.path)).toContain(field);
  });
});

describe('sign-in', () => {
  it('accepts the username in any letter case, the email and the phone', async () => {
    const email = uniqueEmail();
    const phone = uniquePhone();
    const session = await api.signUp({ username: 'Multi_Way', email });
    await db().updateTable('users').set({ phone }).where('id', '=', session.user.id).execute();

    for (const account of ['Multi_Way', 'multi_way', email, email.toUpperCase(), phone, `+86${phone}`]) {
      const answer = await api.signIn(account, session.password);
      expect(answer.status, account).toBe(200);
      const signedIn = sessionResponseSchema.parse(answer.body).data;
      expect(signedIn.user.id).toBe(session.user.id);
      expect((await me(signedIn.token)).status).toBe(200);
    }
  });

  it('records the ip the client sends, the address seen and the user agent', async () => {
    const session = await api.signUp();
    const answer = await api.call('POST', apiPaths.signIn(), {
      body: { account: session.username, password: session.password, ip: '203.0.113.7' },
      headers: { 'user-agent': 'DramaTest/1.0' },
    });
    expect(answer.status).toBe(200);
    const records = await db()
      .selectFrom('sign_in_records')
      .selectAll()
      .where('user_id', '=', session.user.id)
      .orderBy('id')
      .execute();
    expect(records.map((record) => record.kind)).toEqual(['sign-up', 'sign-in']);
    expect(records[1]).toMatchObject({ ip: '203.0.113.7', remote_ip: '127.0.0.1', user_agent: 'DramaTest/1.0' });
  });

  it('refuses an unknown account with 401 INVALID_CREDENTIALS, counting its attempts as for a member', async () => {
    const details = api.refused(await api.signIn('nobody_here_42', 'whatever'), 401, 'INVALID_CREDENTIALS');
    expect(details).toEqual({ attemptsRemaining: 4, challengeRequired: false });
  });

  it('counts wrong passwords down, then locks the account for 15 minutes', async () => {
    const session = await api.signUp();
    for (const remaining of [4, 3, 2, 1]) {
      const details = api.refused(await api.signIn(session.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
      expect(details).toEqual({ attemptsRemaining: remaining, challengeRequired: false });
    }
    const locked = api.refused(await api.signIn(session.username, 'wrong-password'), 429, 'ACCOUNT_LOCKED');
    expect(locked.minutes).toBe(15);
    expect(locked.retryAfter).toBeGreaterThan(14 * 60);
    expect(locked.retryAfter).toBeLessThanOrEqual(15 * 60);

    // Locked from here: even the right password is refused, by whatever account name it is given.
    const again = api.refused(await api.signIn(session.username.toUpperCase(), session.password), 429, 'ACCOUNT_LOCKED');
    expect(again.minutes).toBe(15);
  });

  it('starts the count again after a successful sign-in', async () => {
    const session = await api.signUp();
    for (let i = 0; i < 3; i += 1) await api.signIn(session.username, 'wrong-password');
    expect((await api.signIn(session.username, session.password)).status).toBe(200);
    const details = api.refused(await api.signIn(session.username, 'wrong-password'), 401, 'INVALID_CREDENTIALS');
    expect(details).toEqual({ attemptsRemaining: 4, challengeRequired: false });
  });

  it('refuses an empty account or password with 400', async () => {
    api.refused(await api.signIn('', 'secret1'), 400, 'VALIDATION_FAILED');
    api.refused(await api.signIn('someone', ''), 400, 'VALIDATION_FAILED');
  });
});

describe('sign-out', () => {
  it('needs a valid token', async () => {
    api.refused(await api.call('POST', apiPaths.signOut()), 401, 'UNAUTHORIZED');
    api.refused(await api.call('POST', apiPaths.signOut(), { token: 'not-a-token' }), 401, 'UNAUTHORIZED');
  });

  it('answers ok and ends no other session (tokens are stateless; the client forgets its own)', async () => {
    const session = await api.signUp();
    const other = sessionResponseSchema.parse((await api.signIn(session.username, session.password)).body).data;
    const answer = await api.call('POST', apiPaths.signOut(), { token: session.token });
    expect(doneResponseSchema.parse(answer.body).data).toEqual({ ok: true });
    expect((await me(other.token)).status).toBe(200);
  });
});

describe('verification codes', () => {
  it('sends a reset code to a registered email, through the outbox, stored only as a hash', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    const answer = await api.requestCode({ channel: 'email', target: email.toUpperCase(), purpose: 'reset' });
    expect(answer.status).toBe(200);
    expect(codeRequestResponseSchema.parse(answer.body).data).toEqual({ resendAfter: 60, remainingToday: 9, expiresIn: 600 });

    const code = await api.latestCode(email);
    expect(code).toMatch(/^\d{6}$/);
    const rows = await db().selectFrom('verification_codes').selectAll().where('target', '=', email).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).not.toContain(code);
    expect(rows[0]?.expires_at.getTime()).toBeGreaterThan(Date.now() + 9 * 60_000);
  });

  it('writes the message in the language of the request', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    await api.call('POST', apiPaths.authCodes(), {
      body: { channel: 'email', target: email, purpose: 'reset' },
      headers: { 'accept-language': 'zh-CN' },
    });
    const [message] = (await api.outbox(email)).items;
    expect(message?.body).toMatch(/验证码/);
  });

  it('answers a reset code for an unknown email as for a registered one, and sends nothing', async () => {
    const known = uniqueEmail();
    await api.signUp({ email: known });
    const unknown = uniqueEmail();
    const answers = [];
    for (const target of [known, unknown]) {
      const answer = await api.requestCode({ channel: 'email', target, purpose: 'reset' });
      expect(answer.status).toBe(200);
      answers.push(codeRequestResponseSchema.parse(answer.body).data);
    }
    expect(answers[1]).toEqual(answers[0]);
    expect((await api.outbox(known)).items).toHaveLength(1);
    expect((await api.outbox(unknown)).items).toHaveLength(0);
    // The cooldown holds for both alike.
    for (const target of [known, unknown]) {
      const again = api.refused(await api.requestCode({ channel: 'email', target, purpose: 'reset' }), 429, 'CODE_COOLDOWN');
      expect(again).toMatchObject({ remainingToday: 9 });
    }
  });

  it('refuses malformed destinations and phone reset codes with 400', async () => {
    for (const body of [
      { channel: 'email', target: 'not-an-email', purpose: 'reset' },
      { channel: 'phone', target: '12345', purpose: 'bind' },
      { channel: 'phone', target: uniquePhone(), purpose: 'reset' },
      { channel: 'fax', target: '123', purpose: 'bind' },
      { channel: 'email', target: uniqueEmail(), purpose: 'login' },
    ]) {
      api.refused(await api.call('POST', apiPaths.authCodes(), { body }), 400, 'VALIDATION_FAILED');
    }
  });

  it('sends bind codes to signed-in members only', async () => {
    const answer = await api.requestCode({ channel: 'phone', target: uniquePhone(), purpose: 'bind' });
    api.refused(answer, 401, 'UNAUTHORIZED');
  });

  it('makes the same destination wait 60 s, and then only the newest code works', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    const first = await api.requestCode({ channel: 'email', target: email, purpose: 'reset' });
    expect(first.status).toBe(200);
    const firstCode = await api.latestCode(email);

    const early = api.refused(await api.requestCode({ channel: 'email', target: email, purpose: 'reset' }), 429, 'CODE_COOLDOWN');
    expect(early.retryAfter).toBeGreaterThan(0);
    expect(early.retryAfter).toBeLessThanOrEqual(60);
    expect(early.remainingToday).toBe(9);

    await age(email, 45);
    const later = api.refused(await api.requestCode({ channel: 'email', target: email, purpose: 'reset' }), 429, 'CODE_COOLDOWN');
    expect(later.retryAfter).toBeLessThanOrEqual(15);

    await age(email, 16);
    const second = await api.requestCode({ channel: 'email', target: email, purpose: 'reset' });
    expect(codeRequestResponseSchema.parse(second.body).data.remainingToday).toBe(8);
    const secondCode = await api.latestCode(email);

    if (firstCode !== secondCode) {
      const stale = await api.call('POST', apiPaths.resetPassword(), {
        body: { email, code: firstCode, newPassword: 'brand-new-1' },
      });
      api.refused(stale, 400, 'CODE_INVALID');
    }
    const fresh = await api.call('POST', apiPaths.resetPassword(), {
      body: { email, code: secondCode, newPassword: 'brand-new-1' },
    });
    expect(fresh.status).toBe(200);
  });

  it('sends at most 10 codes a day to one destination, whatever the purpose', async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ email });
    for (let sent = 1; sent <= 10; sent += 1) {
      const purpose = sent % 2 === 0 ? 'bind' : 'reset';
      const answer = await api.requestCode({ channel: 'email', target: email, purpose }, session.token);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(codeRequestResponseSchema.parse(answer.body).data.remainingToday).toBe(10 - sent);
      await age(email, 61);
    }
    const capped = api.refused(
      await api.requestCode({ channel: 'email', target: email, purpose: 'reset' }),
      429,
      'CODE_DAILY_LIMIT',
    );
    expect(capped.remainingToday).toBe(0);
    expect(capped.retryAfter).toBeGreaterThan(0);
    expect(capped.retryAfter).toBeLessThanOrEqual(24 * 3600);

    // Yesterday's codes do not count.
    await age(email, 24 * 3600);
    expect((await api.requestCode({ channel: 'email', target: email, purpose: 'reset' })).status).toBe(200);
  });

  it('forgets a code that could not be delivered: no cooldown, nothing counted', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    // Another instance on the same database, whose mail server refuses connections.
    const broken = await buildApp({
      config: { ...t.ctx.config, SMTP_URL: 'smtp://127.0.0.1:9/?from=no-reply@example.com' },
      database: t.database,
      logger: false,
    });
    try {
      const answer = await broken.server.inject({
        method: 'POST',
        url: `/api/v1${apiPaths.authCodes()}`,
        payload: { channel: 'email', target: email, purpose: 'reset' },
      });
      expect(answer.statusCode).toBe(502);
      expect(answer.json()).toMatchObject({ code: 'MESSAGE_SEND_FAILED' });
      const rows = await db().selectFrom('verification_codes').select('id').where('target', '=', email).execute();
      expect(rows).toHaveLength(0);
      // Nothing counted: the working instance may send at once, with the whole day's allowance.
      const retry = await api.requestCode({ channel: 'email', target: email, purpose: 'reset' });
      expect(codeRequestResponseSchema.parse(retry.body).data.remainingToday).toBe(9);
    } finally {
      await broken.server.close();
    }
  });
});

describe('password reset', () => {
  async function resetCode(email: string) {
    expect((await api.requestCode({ channel: 'email', target: email, purpose: 'reset' })).status).toBe(200);
    return api.latestCode(email);
  }

  /** A new member with an email who asked for a reset code: the code, and a wrong one. */
  async function memberWithResetCode() {
    const email = uniqueEmail();
    await api.signUp({ email });
    const code = await resetCode(email);
    return { email, code, wrong: code === '000000' ? '111111' : '000000' };
  }

  it('sets a new password, ends every old token and lifts a lock', async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ email });
    for (let i = 0; i < 5; i += 1) await api.signIn(session.username, 'wrong-password');

    const code = await resetCode(email);
    const answer = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'after-reset-1' } });
    expect(answer.status).toBe(200);
    expect(doneResponseSchema.parse(answer.body).data).toEqual({ ok: true });

    api.refused(await me(session.token), 401, 'UNAUTHORIZED');
    api.refused(await api.signIn(session.username, session.password), 401, 'INVALID_CREDENTIALS');
    expect((await api.signIn(email, 'after-reset-1')).status).toBe(200);
  });

  it('refuses a wrong code, counting down, and the used code a second time', async () => {
    const { email, code, wrong } = await memberWithResetCode();
    const miss = api.refused(
      await api.call('POST', apiPaths.resetPassword(), { body: { email, code: wrong, newPassword: 'after-reset-1' } }),
      400,
      'CODE_INVALID',
    );
    expect(miss).toEqual({ attemptsRemaining: 4 });

    const used = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'after-reset-1' } });
    expect(used.status).toBe(200);
    const reuse = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'after-reset-2' } });
    api.refused(reuse, 400, 'CODE_INVALID');
    expect((await api.signIn(email, 'after-reset-1')).status).toBe(200);
  });

  it('retires a code after 5 wrong guesses', async () => {
    const { email, code, wrong } = await memberWithResetCode();
    for (const remaining of [4, 3, 2, 1, 0]) {
      const answer = await api.call('POST', apiPaths.resetPassword(), { body: { email, code: wrong, newPassword: 'x-secret-1' } });
      expect(api.refused(answer, 400, 'CODE_INVALID')).toEqual({ attemptsRemaining: remaining });
    }
    const right = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'x-secret-1' } });
    api.refused(right, 400, 'CODE_INVALID');
  });

  it('refuses an expired code with CODE_EXPIRED', async () => {
    const email = uniqueEmail();
    const session = await api.signUp({ email });
    const code = await resetCode(email);
    await db()
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('target', '=', email)
      .execute();
    const answer = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'after-reset-1' } });
    api.refused(answer, 400, 'CODE_EXPIRED');
    expect((await api.signIn(email, session.password)).status).toBe(200);
  });

  it('refuses an unknown email, a malformed code and a short password', async () => {
    // An unknown email is refused as a registered one with no code sent is.
    const known = uniqueEmail();
    await api.signUp({ email: known });
    const answers = [];
    for (const email of [known, uniqueEmail()]) {
      const answer = await api.call('POST', apiPaths.resetPassword(), { body: { email, code: '123456', newPassword: 'secret1' } });
      answers.push(api.refused(answer, 400, 'CODE_INVALID'));
    }
    expect(answers[1]).toEqual(answers[0]);
    for (const body of [
      { email: uniqueEmail(), code: '12345', newPassword: 'secret1' },
      { email: uniqueEmail(), code: 'abcdef', newPassword: 'secret1' },
      { email: uniqueEmail(), code: '123456', newPassword: '12345' },
      { email: 'nope', code: '123456', newPassword: 'secret1' },
    ]) {
      api.refused(await api.call('POST', apiPaths.resetPassword(), { body }), 400, 'VALIDATION_FAILED');
    }
  });

  it('does not accept a bind code for a reset', async () => {
    const email = uniqueEmail();
    const session = await api.signUp();
    expect((await api.requestCode({ channel: 'email', target: email, purpose: 'bind' }, session.token)).status).toBe(200);
    const code = await api.latestCode(email);
    // Someone else registers the address meanwhile; the bind code must not reset their password.
    await api.signUp({ email });
    const answer = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'hijack-pass' } });
    api.refused(answer, 400, 'CODE_INVALID');
  });
});

describe('OpenAPI', () => {
  it('documents the account calls', async () => {
    const response = await t.server.inject('/api/docs/json');
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    for (const path of [
      apiPaths.signUp(),
      apiPaths.signIn(),
      apiPaths.signOut(),
      apiPaths.authCodes(),
      apiPaths.resetPassword(),
      apiPaths.me(),
      apiPaths.changePassword(),
      apiPaths.bindPhone(),
      apiPaths.bindEmail(),
      apiPaths.consoleOutbox(),
      apiPaths.consoleMembers(),
      '/console/members/{id}/vip',
    ]) {
      expect(paths, path).toContain(`/api/v1${path}`);
    }
  });
});
