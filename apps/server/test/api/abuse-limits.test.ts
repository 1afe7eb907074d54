import { randomBytes } from 'node:crypto';
import { apiPaths, codeRequestResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { accountClient, middayTimeZone, TEST_ADMIN_TOKEN, uniqueEmail, uniquePhone } from '../support/accounts.js';
import { solvedChallenge } from '../support/challenges.js';
import { createTestApp, useTestApp } from '../support/test-app.js';

// The limits of README "Abuse limits", tried as a stranger would: from addresses that are not
// exempt (the tests' own loopback is), on accounts that are not theirs, in bulk and in parallel.

let now = Date.now();
const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN, APP_TIMEZONE: middayTimeZone() }, { clock: () => new Date(now) });
const api = accountClient(t);

let lastOctet = 0;
/** A documentation-range address no other test in this file uses. */
function freshAddress(): string {
  lastOctet += 1;
  return `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

function signIn(account: string, password: string, from: string, challenge?: string) {
  return api.call('POST', apiPaths.signIn(), { body: { account, password, ...(challenge ? { challenge } : {}) }, from });
}

function signUp(from: string, challenge?: string) {
  const body = { username: `u_${randomBytes(5).toString('hex')}`, password: 'secret-pass-1', ...(challenge ? { challenge } : {}) };
  return api.call('POST', apiPaths.signUp(), { body, from });
}

describe('sign-in', () => {
  it("does not let a stranger's wrong passwords lock the owner out", async () => {
    const owner = await api.signUp();
    const stranger = freshAddress();
    for (const remaining of [4, 3, 2, 1]) {
      const details = api.refused(await signIn(owner.username, 'guess', stranger), 401, 'INVALID_CREDENTIALS');
      expect(details).toEqual({ attemptsRemaining: remaining, challengeRequired: false });
    }
    expect(api.refused(await signIn(owner.username, 'guess', stranger), 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    // The stranger's address is locked out of this account, even with the right password...
    api.refused(await signIn(owner.username, owner.password, stranger), 429, 'ACCOUNT_LOCKED');
    // ...and the owner, from their own address, signs in as usual.
    expect((await signIn(owner.username, owner.password, freshAddress())).status).toBe(200);
  });

  it('answers an account that does not exist exactly as one that does, through the lock', async () => {
    const member = await api.signUp();
    const trace = async (account: string) => {
      const from = freshAddress();
      const answers = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const answer = await signIn(account, 'guess', from);
        const { code, details } = answer.body as { code: string; details?: Record<string, unknown> };
        answers.push({ status: answer.status, code, details: { ...details, retryAfter: undefined } });
      }
      return answers;
    };
    const known = await trace(member.username);
    expect(known.map((answer) => answer.code)).toEqual([
      ...Array<string>(4).fill('INVALID_CREDENTIALS'),
      ...Array<string>(3).fill('ACCOUNT_LOCKED'),
    ]);
    expect(await trace(`ghost_${randomBytes(4).toString('hex')}`)).toEqual(known);
    expect(await trace(`ghost.${randomBytes(4).toString('hex')}@example.com`)).toEqual(known);
  });

  it('locks an address out for 15 minutes, then 30 the next time that day', async () => {
    const member = await api.signUp();
    const from = freshAddress();
    for (let i = 0; i < 4; i += 1) await signIn(member.username, 'guess', from);
    expect(api.refused(await signIn(member.username, 'guess', from), 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    now += 15 * 60_000 + 1_000;
    const fresh = api.refused(await signIn(member.username, 'guess', from), 401, 'INVALID_CREDENTIALS');
    expect(fresh.attemptsRemaining).toBe(4);
    for (let i = 0; i < 3; i += 1) await signIn(member.username, 'guess', from);
    expect(api.refused(await signIn(member.username, 'guess', from), 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 30 });
    now += 30 * 60_000 + 1_000;
    expect((await signIn(member.username, member.password, from)).status).toBe(200);
  });

  it('asks for a challenge once an account has 10 wrong passwords from anywhere, and never locks its owner', async () => {
    const owner = await api.signUp();
    // Ten addresses, one wrong password each: no address is locked, the account is now watched.
    for (let i = 0; i < 9; i += 1) api.refused(await signIn(owner.username, 'guess', freshAddress()), 401, 'INVALID_CREDENTIALS');
    const tenth = api.refused(await signIn(owner.username, 'guess', freshAddress()), 401, 'INVALID_CREDENTIALS');
    expect(tenth.challengeRequired).toBe(true);
    // Now every sign-in to it, the owner's included, solves a challenge first: no password is checked without.
    const home = freshAddress();
    api.refused(await signIn(owner.username, owner.password, home), 428, 'CHALLENGE_REQUIRED');
    expect((await signIn(owner.username, owner.password, home, await solvedChallenge(api, home))).status).toBe(200);
  });

  it('asks one address for challenges after 20 wrong passwords on any accounts, and makes it wait past 100', async () => {
    const from = freshAddress();
    const member = await api.signUp();
    const codes: string[] = [];
    for (let i = 0; i < 40; i += 1) {
      const answer = await signIn(`victim_${i}_${randomBytes(2).toString('hex')}`, 'guess', from);
      codes.push((answer.body as { code: string }).code);
    }
    expect(codes.slice(0, 20).every((code) => code === 'INVALID_CREDENTIALS')).toBe(true);
    expect(codes.slice(20).every((code) => code === 'CHALLENGE_REQUIRED')).toBe(true);
    // Unsolved attempts were not counted; a member behind the same address signs in with a challenge.
    expect((await signIn(member.username, member.password, from, await solvedChallenge(api, from))).status).toBe(200);
    // With a challenge each, wrong passwords go on being counted, up to the wait.
    let last = '';
    for (let i = 20; i < 101; i += 1) {
      // A minute now and then, as a script solving challenges takes: the asks for them are limited too.
      if (i % 40 === 0) now += 61_000;
      const answer = await signIn(`victim_${i}_x`, 'guess', from, await solvedChallenge(api, from));
      last = (answer.body as { code: string }).code;
    }
    expect(last).toBe('RATE_LIMITED');
    const waiting = api.refused(await signIn(member.username, member.password, from, await solvedChallenge(api, from)), 429, 'RATE_LIMITED');
    expect(waiting.retryAfter).toBeGreaterThan(14 * 60);
    // Other addresses are not affected.
    expect((await signIn(member.username, member.password, freshAddress())).status).toBe(200);
  }, 120_000);

  it('takes a solved challenge once, and refuses a forged or altered one', async () => {
    const owner = await api.signUp();
    for (let i = 0; i < 10; i += 1) await signIn(owner.username, 'guess', freshAddress());
    const from = freshAddress();
    const challenge = await solvedChallenge(api, from);
    expect((await signIn(owner.username, owner.password, from, challenge)).status).toBe(200);
    api.refused(await signIn(owner.username, owner.password, from, challenge), 428, 'CHALLENGE_REQUIRED');

    const decoded = JSON.parse(Buffer.from(await solvedChallenge(api, from), 'base64').toString()) as {
      challenge: { parameters: Record<string, unknown>; signature: string };
      solution: { counter: number; derivedKey: string };
    };
    const spellings = [
      { ...decoded, solution: { ...decoded.solution, derivedKey: `00${decoded.solution.derivedKey.slice(2)}` } },
      { ...decoded, challenge: { ...decoded.challenge, parameters: { ...decoded.challenge.parameters, cost: 1 } } },
      { ...decoded, challenge: { ...decoded.challenge, signature: 'f'.repeat(64) } },
    ];
    for (const forged of spellings) {
      const payload = Buffer.from(JSON.stringify(forged)).toString('base64');
      api.refused(await signIn(owner.username, owner.password, from, payload), 428, 'CHALLENGE_REQUIRED');
    }
    api.refused(await signIn(owner.username, owner.password, from, 'bm90IGpzb24='), 428, 'CHALLENGE_REQUIRED');
  });

  it('judges a burst of guesses sent at once one by one: no more than 5 passwords are checked', async () => {
    const owner = await api.signUp();
    const from = freshAddress();
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(owner.username, `guess-${i}`, from)));
    const codes = answers.map((answer) => (answer.body as { code: string }).code);
    expect(codes.filter((code) => code === 'INVALID_CREDENTIALS')).toHaveLength(4);
    expect(codes.filter((code) => code === 'ACCOUNT_LOCKED')).toHaveLength(26);
    api.refused(await signIn(owner.username, owner.password, from), 429, 'ACCOUNT_LOCKED');
  });

  it('counts an IPv6 /64 as one address, and an IPv4 mapped into IPv6 as itself', async () => {
    const member = await api.signUp();
    for (let i = 0; i < 4; i += 1) await signIn(member.username, 'guess', `2001:db8:7:1::${i + 1}`);
    api.refused(await signIn(member.username, 'guess', '2001:db8:7:1:ffff::9'), 429, 'ACCOUNT_LOCKED');
    api.refused(await signIn(member.username, member.password, '2001:0db8:0007:0001::abcd'), 429, 'ACCOUNT_LOCKED');
    expect((await signIn(member.username, member.password, '2001:db8:7:2::1')).status).toBe(200);

    const other = await api.signUp();
    for (let i = 0; i < 5; i += 1) await signIn(other.username, 'guess', '203.0.113.77');
    api.refused(await signIn(other.username, other.password, '::ffff:203.0.113.77'), 429, 'ACCOUNT_LOCKED');
  });
});

describe('behind a load balancer (TRUST_PROXY=true)', () => {
  it('counts the address the balancer saw, however the client fills in X-Forwarded-For', async () => {
    const proxied = await createTestApp({ TRUST_PROXY: 'true', LIMIT_EXEMPT_ADDRESSES: '' });
    try {
      const client = accountClient(proxied);
      const owner = await client.signUp();
      const attempt = (forwarded: string, password = 'guess') =>
        client.call('POST', apiPaths.signIn(), {
          body: { account: owner.username, password },
          headers: { 'x-forwarded-for': forwarded },
        });
      // A new made-up address on the left each time: still one client, 203.0.113.50.
      for (let i = 0; i < 4; i += 1) client.refused(await attempt(`198.51.100.${i + 1}, 203.0.113.50`), 401, 'INVALID_CREDENTIALS');
      client.refused(await attempt('192.0.2.99, 203.0.113.50'), 429, 'ACCOUNT_LOCKED');
      client.refused(await attempt('203.0.113.50', owner.password), 429, 'ACCOUNT_LOCKED');
      expect((await attempt('203.0.113.51', owner.password)).status).toBe(200);
    } finally {
      await proxied.close();
    }
  });
});

describe('sign-up', () => {
  it('lets one address make 3 accounts an hour freely, then each needs a solved challenge', async () => {
    const from = freshAddress();
    const statuses = [];
    for (let i = 0; i < 15; i += 1) statuses.push((await signUp(from)).status);
    expect(statuses).toEqual([200, 200, 200, ...Array<number>(12).fill(428)]);
    expect((await signUp(from, await solvedChallenge(api, from))).status).toBe(200);
    // Another address behind the same carrier is not held back by this one.
    expect((await signUp(freshAddress())).status).toBe(200);
    now += 60 * 60_000 + 1_000;
    expect((await signUp(from)).status).toBe(200);
  });

  it('judges sign-ups sent all at once one by one: still 3 without a challenge', async () => {
    const from = freshAddress();
    const answers = await Promise.all(Array.from({ length: 12 }, () => signUp(from)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(3);
    expect(answers.filter((answer) => answer.status === 428)).toHaveLength(9);
  });
});

describe('verification codes', () => {
  it('sends one member codes to at most 5 destinations a day', async () => {
    const member = await api.signUp();
    const answers = [];
    for (let i = 0; i < 12; i += 1) {
      answers.push(await api.requestCode({ channel: 'email', target: uniqueEmail(), purpose: 'bind' }, member.token));
    }
    for (let i = 0; i < 5; i += 1) {
      answers.push(await api.requestCode({ channel: 'phone', target: uniquePhone(), purpose: 'bind' }, member.token));
    }
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200, ...Array<number>(12).fill(429)]);
    const refused = api.refused(answers[5]!, 429, 'CODE_DESTINATION_LIMIT');
    expect(refused.limit).toBe(5);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // Nothing was sent past the limit.
    const sent = (await api.outbox()).items.filter((message) => message.body.length > 0);
    expect(sent.length).toBeGreaterThanOrEqual(5);
  });

  it('holds the cap when the requests come all at once', async () => {
    const member = await api.signUp();
    const answers = await Promise.all(
      Array.from({ length: 12 }, () => api.requestCode({ channel: 'email', target: uniqueEmail(), purpose: 'bind' }, member.token)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
  });

  it('asks one address for a challenge after 5 codes an hour', async () => {
    const from = freshAddress();
    const send = (challenge?: string) =>
      api.call('POST', apiPaths.authCodes(), {
        body: { channel: 'email', target: uniqueEmail(), purpose: 'reset', ...(challenge ? { challenge } : {}) },
        from,
      });
    const statuses = [];
    for (let i = 0; i < 8; i += 1) statuses.push((await send()).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 428, 428, 428]);
    const answer = await send(await solvedChallenge(api, from));
    expect(answer.status).toBe(200);
    codeRequestResponseSchema.parse(answer.body);
  });
});

describe('code guesses', () => {
  it('counts parallel wrong guesses one after another, so no more than 5 are ever checked', async () => {
    const email = uniqueEmail();
    await api.signUp({ email });
    expect((await api.requestCode({ channel: 'email', target: email, purpose: 'reset' })).status).toBe(200);
    const code = await api.latestCode(email);
    const wrong = Array.from({ length: 12 }, (_, i) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'));
    const answers = await Promise.all(
      wrong.map((guess) => api.call('POST', apiPaths.resetPassword(), { body: { email, code: guess, newPassword: 'new-secret-1' } })),
    );
    const remaining = answers.map((answer) => api.refused(answer, 400, 'CODE_INVALID').attemptsRemaining);
    // Five guesses were judged, each with its own count; the other seven found the code retired.
    expect(remaining.filter((value) => value !== undefined).sort()).toEqual([0, 1, 2, 3, 4]);
    const row = await t.database.db
      .selectFrom('verification_codes')
      .select(['failed_attempts', 'consumed_at'])
      .where('target', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.failed_attempts).toBe(5);
    expect(row.consumed_at).not.toBeNull();
    const right = await api.call('POST', apiPaths.resetPassword(), { body: { email, code, newPassword: 'new-secret-1' } });
    api.refused(right, 400, 'CODE_INVALID');
  });
});
