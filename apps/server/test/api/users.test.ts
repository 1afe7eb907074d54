import { apiPaths, sessionResponseSchema, userProfileResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { accountClient, middayTimeZone, TEST_ADMIN_TOKEN, uniqueEmail, uniquePhone } from '../support/accounts.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, APP_TIMEZONE: middayTimeZone() });
const api = accountClient(t);

async function me(token: string) {
  return api.call('GET', apiPaths.me(), { token });
}

async function profile(token: string) {
  const answer = await me(token);
  expect(answer.status).toBe(200);
  return userProfileResponseSchema.parse(answer.body).data;
}

describe('GET /client/user/me', () => {
  it('needs a valid token', async () => {
    api.refused(await api.call('GET', apiPaths.me()), 401, 'UNAUTHORIZED');
    api.refused(await me('forged.token.value'), 401, 'UNAUTHORIZED');
    const session = await api.signUp();
    api.refused(await me(`${session.token}x`), 401, 'UNAUTHORIZED');
  });

  it('gives the caller’s own profile, whoever else exists', async () => {
    const alice = await api.signUp({ email: uniqueEmail() });
    const bob = await api.signUp();
    const mine = await profile(alice.token);
    expect(mine).toMatchObject({ id: alice.user.id, username: alice.username, email: alice.user.email, phone: null });
    expect(Date.parse(mine.createdAt)).not.toBeNaN();
    expect((await profile(bob.token)).id).toBe(bob.user.id);
  });

  it('never shows the password hash', async () => {
    const session = await api.signUp();
    const answer = await me(session.token);
    expect(JSON.stringify(answer.body)).not.toMatch(/scrypt|password/i);
  });
});

describe('PATCH /client/user/me', () => {
  it('changes the nickname and the username, and removes the avatar (which only an upload sets)', async () => {
    const session = await api.signUp();
    const answer = await api.call('PATCH', apiPaths.me(), {
      token: session.token,
      body: { nickname: 'Renamed', username: 'Renamed_One' },
    });
    expect(answer.status).toBe(200);
    expect(userProfileResponseSchema.parse(answer.body).data).toMatchObject({
      nickname: 'Renamed',
      avatar: null,
      username: 'Renamed_One',
    });
    const cleared = await api.call('PATCH', apiPaths.me(), { token: session.token, body: { avatar: null } });
    expect(userProfileResponseSchema.parse(cleared.body).data).toMatchObject({ avatar: null, username: 'Renamed_One' });
    expect((await api.signIn('renamed_one', session.password)).status).toBe(200);
  });

  it('lets a member change the letter case of their own name, not take another’s', async () => {
    const alice = await api.signUp({ username: 'alice_case' });
    await api.signUp({ username: 'bob_case' });
    const own = await api.call('PATCH', apiPaths.me(), { token: alice.token, body: { username: 'Alice_Case' } });
    expect(own.status).toBe(200);
    const taken = await api.call('PATCH', apiPaths.me(), { token: alice.token, body: { username: 'BOB_CASE' } });
    api.refused(taken, 409, 'USERNAME_TAKEN');
  });

  it('changes only the caller, whatever id the body names', async () => {
    const alice = await api.signUp();
    const bob = await api.signUp();
    const answer = await api.call('PATCH', apiPaths.me(), {
      token: alice.token,
      body: { id: bob.user.id, username: 'not_bob_anymore' },
    });
    expect(userProfileResponseSchema.parse(answer.body).data.id).toBe(alice.user.id);
    expect((await profile(bob.token)).username).toBe(bob.username);
  });

  it('refuses nothing to change, bad usernames and bad avatars with 400', async () => {
    const session = await api.signUp();
    for (const body of [{}, { username: 'ab' }, { username: 'has space' }, { avatar: 'javascript:alert(1)' }, { avatar: 'https://cdn.example.com/a.png' }, { avatar: 42 }]) {
      api.refused(await api.call('PATCH', apiPaths.me(), { token: session.token, body }), 400, 'VALIDATION_FAILED');
    }
  });

  it('needs a token', async () => {
    api.refused(await api.call('PATCH', apiPaths.me(), { body: { avatar: null } }), 401, 'UNAUTHORIZED');
  });
});

describe('POST /client/user/password', () => {
  it('changes the password, ends every old token and gives a working new one', async () => {
    const session = await api.signUp({ password: 'old-secret-1' });
    const otherDevice = sessionResponseSchema.parse((await api.signIn(session.username, 'old-secret-1')).body).data;

    const answer = await api.call('POST', apiPaths.changePassword(), {
      token: session.token,
      body: { currentPassword: 'old-secret-1', newPassword: 'new-secret-2' },
    });
    expect(answer.status).toBe(200);
    const fresh = sessionResponseSchema.parse(answer.body).data;
    expect(fresh.user.id).toBe(session.user.id);

    expect((await me(fresh.token)).status).toBe(200);
    api.refused(await me(session.token), 401, 'UNAUTHORIZED');
    api.refused(await me(otherDevice.token), 401, 'UNAUTHORIZED');
    api.refused(await api.signIn(session.username, 'old-secret-1'), 401, 'INVALID_CREDENTIALS');
    expect((await api.signIn(session.username, 'new-secret-2')).status).toBe(200);
  });

  it('refuses a wrong current password with 400 WRONG_PASSWORD, counting towards the lock', async () => {
    const session = await api.signUp();
    for (const remaining of [4, 3, 2, 1]) {
      const answer = await api.call('POST', apiPaths.changePassword(), {
        token: session.token,
        body: { currentPassword: 'not-my-password', newPassword: 'new-secret-2' },
      });
      expect(api.refused(answer, 400, 'WRONG_PASSWORD')).toEqual({ attemptsRemaining: remaining });
    }
    const locked = await api.call('POST', apiPaths.changePassword(), {
      token: session.token,
      body: { currentPassword: 'not-my-password', newPassword: 'new-secret-2' },
    });
    expect(api.refused(locked, 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    // The session itself goes on; only password checks wait.
    expect((await me(session.token)).status).toBe(200);
  });

  it('refuses the same password with 400 SAME_PASSWORD and a short one with 400', async () => {
    const session = await api.signUp({ password: 'same-secret-1' });
    const same = await api.call('POST', apiPaths.changePassword(), {
      token: session.token,
      body: { currentPassword: 'same-secret-1', newPassword: 'same-secret-1' },
    });
    api.refused(same, 400, 'SAME_PASSWORD');
    const short = await api.call('POST', apiPaths.changePassword(), {
      token: session.token,
      body: { currentPassword: 'same-secret-1', newPassword: '12345' },
    });
    api.refused(short, 400, 'VALIDATION_FAILED');
    expect((await me(session.token)).status).toBe(200);
  });

  it('needs a token', async () => {
    const answer = await api.call('POST', apiPaths.changePassword(), {
      body: { currentPassword: 'whatever1', newPassword: 'whatever2' },
    });
    api.refused(answer, 401, 'UNAUTHORIZED');
  });
});

describe('binding an email', () => {
  it('binds an email proven by a code sent to it', async () => {
    const session = await api.signUp();
    const email = uniqueEmail();
    const sent = await api.requestCode({ channel: 'email', target: email, purpose: 'bind' }, session.token);
    expect(sent.status).toBe(200);
    const code = await api.latestCode(email);
    const answer = await api.call('POST', apiPaths.bindEmail(), { token: session.token, body: { email, code } });
    expect(answer.status).toBe(200);
    expect(userProfileResponseSchema.parse(answer.body).data.email).toBe(email);
    expect((await api.signIn(email, session.password)).status).toBe(200);

    api.refused(
      await api.call('POST', apiPaths.bindEmail(), { token: session.token, body: { email, code } }),
      400,
      'CODE_INVALID',
    );
  });

  it('refuses an email another account uses, when asking for the code and when binding', async () => {
    const owner = await api.signUp({ email: uniqueEmail() });
    const other = await api.signUp();
    const email = owner.user.email ?? '';
    api.refused(
      await api.requestCode({ channel: 'email', target: email, purpose: 'bind' }, other.token),
      409,
      'EMAIL_TAKEN',
    );
    api.refused(
      await api.call('POST', apiPaths.bindEmail(), { token: other.token, body: { email, code: '123456' } }),
      409,
      'EMAIL_TAKEN',
    );
  });

  it('refuses a code sent for another member', async () => {
    const alice = await api.signUp();
    const mallory = await api.signUp();
    const email = uniqueEmail();
    await api.requestCode({ channel: 'email', target: email, purpose: 'bind' }, alice.token);
    const code = await api.latestCode(email);
    const stolen = await api.call('POST', apiPaths.bindEmail(), { token: mallory.token, body: { email, code } });
    api.refused(stolen, 400, 'CODE_INVALID');
    expect((await profile(mallory.token)).email).toBeNull();
    // Alice's code is still good.
    expect((await api.call('POST', apiPaths.bindEmail(), { token: alice.token, body: { email, code } })).status).toBe(200);
  });

  it('refuses an expired code', async () => {
    const session = await api.signUp();
    const email = uniqueEmail();
    await api.requestCode({ channel: 'email', target: email, purpose: 'bind' }, session.token);
    const code = await api.latestCode(email);
    await t.database.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1) })
      .where('target', '=', email)
      .execute();
    api.refused(
      await api.call('POST', apiPaths.bindEmail(), { token: session.token, body: { email, code } }),
      400,
      'CODE_EXPIRED',
    );
  });
});

describe('binding a phone', () => {
  it('binds a phone (with or without +86) and signs in with it', async () => {
    const session = await api.signUp();
    const phone = uniquePhone();
    const sent = await api.requestCode({ channel: 'phone', target: `+86${phone}`, purpose: 'bind' }, session.token);
    expect(sent.status).toBe(200);
    const code = await api.latestCode(phone);
    const answer = await api.call('POST', apiPaths.bindPhone(), { token: session.token, body: { phone, code } });
    expect(answer.status).toBe(200);
    expect(userProfileResponseSchema.parse(answer.body).data.phone).toBe(phone);
    expect((await api.signIn(phone, session.password)).status).toBe(200);
  });

  it('refuses a phone another account uses with 409 PHONE_TAKEN', async () => {
    const owner = await api.signUp();
    const phone = uniquePhone();
    await api.requestCode({ channel: 'phone', target: phone, purpose: 'bind' }, owner.token);
    await api.call('POST', apiPaths.bindPhone(), {
      token: owner.token,
      body: { phone, code: await api.latestCode(phone) },
    });
    const other = await api.signUp();
    api.refused(await api.requestCode({ channel: 'phone', target: phone, purpose: 'bind' }, other.token), 409, 'PHONE_TAKEN');
    api.refused(
      await api.call('POST', apiPaths.bindPhone(), { token: other.token, body: { phone, code: '123456' } }),
      409,
      'PHONE_TAKEN',
    );
  });

  it('refuses a wrong code with the attempts left, and malformed input with 400', async () => {
    const session = await api.signUp();
    const phone = uniquePhone();
    await api.requestCode({ channel: 'phone', target: phone, purpose: 'bind' }, session.token);
    const code = await api.latestCode(phone);
    const wrong = code === '000000' ? '111111' : '000000';
    const miss = await api.call('POST', apiPaths.bindPhone(), { token: session.token, body: { phone, code: wrong } });
    expect(api.refused(miss, 400, 'CODE_INVALID')).toEqual({ attemptsRemaining: 4 });
    for (const body of [{ phone: '12345', code }, { phone, code: '12' }, { phone }]) {
      api.refused(await api.call('POST', apiPaths.bindPhone(), { token: session.token, body }), 400, 'VALIDATION_FAILED');
    }
  });

  it('needs a token', async () => {
    api.refused(
      await api.call('POST', apiPaths.bindPhone(), { body: { phone: uniquePhone(), code: '123456' } }),
      401,
      'UNAUTHORIZED',
    );
  });
});
