import { generate, generateSecret } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordHasher } from '../../src/modules/auth/passwords.js';
import { OPERATOR_PASSWORD, buildOperator, callerHeaders, signInOperator } from '../support/operators.js';
import { createTestApp, useTestApp } from '../support/test-app.js';

// The console's sign-in limits tried as a stranger would: from addresses that are not exempt
// (the tests' own loopback is), in bulk and all at once.

let now = new Date('2026-11-27T08:00:00Z');
const t = useTestApp({}, { clock: () => now });
const BURST = 20;

let lastOctet = 0;
/** A documentation-range address no other test in this file uses. */
function freshAddress(): string {
  lastOctet += 1;
  return `198.51.${Math.floor(lastOctet / 250)}.${(lastOctet % 250) + 1}`;
}

interface Answer {
  status: number;
  code: string | undefined;
  details: Record<string, unknown> | undefined;
}

async function answerOf(response: { statusCode: number; json: () => unknown }): Promise<Answer> {
  const body = response.json() as { code?: string; details?: Record<string, unknown> };
  return { status: response.statusCode, code: body.code, details: body.details };
}

async function signIn(payload: Record<string, unknown>, from: string): Promise<Answer> {
  return answerOf(await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/sign-in', payload, remoteAddress: from }));
}

function tally(answers: Answer[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const answer of answers) {
    const key = `${answer.status} ${answer.code ?? 'ok'}`;
    counts[key] = (counts[key] ?? 0) + 1;
  }
  return counts;
}

function remainingOf(answers: Answer[], code: string): number[] {
  return answers.filter((answer) => answer.code === code).map((answer) => Number(answer.details?.attemptsRemaining)).sort();
}

/** How many passwords were hashed for a check: a known name's verify, an unknown one's burn. */
function countHashing() {
  return { verify: vi.spyOn(PasswordHasher.prototype, 'verify'), burn: vi.spyOn(PasswordHasher.prototype, 'burn') };
}

/** A six-digit code right for none of the steps around now. */
async function wrongCode(secret: string): Promise<string> {
  const epoch = Math.floor(now.getTime() / 1000);
  const right = await Promise.all([-30, 0, 30].map((shift) => generate({ secret, epoch: epoch + shift })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!right.includes(code)) return code;
  }
}

async function sessionsOf(operatorId: number): Promise<number> {
  const rows = await t.ctx.db.selectFrom('operator_sessions').select('id').where('operator_id', '=', operatorId).execute();
  return rows.length;
}

afterEach(() => {
  vi.restoreAllMocks();
  // Every test starts after the locks of the one before have ended.
  now = new Date(now.getTime() + 48 * 3_600_000);
});

describe('console sign-in limits', () => {
  it("a stranger's wrong passwords lock only the stranger's address out of the owner", async () => {
    const owner = await buildOperator(t, 'owner');
    const stranger = freshAddress();
    const guesses: Answer[] = [];
    for (let i = 0; i < 5; i += 1) guesses.push(await signIn({ username: owner.username, password: 'a guess' }, stranger));
    // The owner, from their own address, signs in as usual...
    expect((await signIn({ username: owner.username, password: OPERATOR_PASSWORD }, freshAddress())).status).toBe(200);
    // ...while the stranger's address is locked out of the owner, even with the right password.
    expect((await signIn({ username: owner.username, password: OPERATOR_PASSWORD }, stranger)).code).toBe('OPERATOR_LOCKED');
    expect(guesses.map((answer) => [answer.status, answer.code, answer.details?.attemptsRemaining])).toEqual([
      ...[4, 3, 2, 1].map((remaining) => [401, 'OPERATOR_CREDENTIALS_INVALID', remaining]),
      [429, 'OPERATOR_LOCKED', undefined],
    ]);
    expect(guesses.at(-1)?.details).toMatchObject({ minutes: 15 });
  });

  it('answers a name no operator has exactly as a known one, through the lock, with the same hashing', async () => {
    const known = await buildOperator(t, 'support');
    const trace = async (username: string) => {
      const from = freshAddress();
      const answers = [];
      for (let attempt = 0; attempt < 7; attempt += 1) {
        const { status, code, details } = await signIn({ username, password: 'a guess' }, from);
        answers.push({ status, code, details: { ...details, retryAfter: undefined } });
      }
      return answers;
    };
    const hashing = countHashing();
    const knownAnswers = await trace(known.username);
    const knownHashing = hashing.verify.mock.calls.length + hashing.burn.mock.calls.length;
    vi.clearAllMocks();
    const unknownAnswers = await trace('nobody.at.all');
    const unknownHashing = hashing.verify.mock.calls.length + hashing.burn.mock.calls.length;
    expect(knownAnswers.map((answer) => answer.code)).toEqual([...Array<string>(4).fill('OPERATOR_CREDENTIALS_INVALID'), ...Array<string>(3).fill('OPERATOR_LOCKED')]);
    expect(unknownAnswers).toEqual(knownAnswers);
    // One password hashed per try that was judged, for a known name and an unknown one alike.
    expect(knownHashing).toBe(5);
    expect(unknownHashing).toBe(5);
  });

  it(`${BURST} wrong passwords at once from one address: exactly 5 checked, and the address is locked`, async () => {
    const row = await buildOperator(t, 'owner');
    const from = freshAddress();
    const hashing = countHashing();
    const answers = await Promise.all(Array.from({ length: BURST }, () => signIn({ username: row.username, password: 'a guess' }, from)));
    expect(tally(answers)).toEqual({ '401 OPERATOR_CREDENTIALS_INVALID': 4, '429 OPERATOR_LOCKED': BURST - 4 });
    expect(remainingOf(answers, 'OPERATOR_CREDENTIALS_INVALID')).toEqual([1, 2, 3, 4]);
    expect(hashing.verify).toHaveBeenCalledTimes(5);
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD }, from)).code).toBe('OPERATOR_LOCKED');
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD }, freshAddress())).status).toBe(200);
  });

  it('counts each of 4 wrong passwords sent at once: the next one locks', async () => {
    const row = await buildOperator(t, 'finance');
    const from = freshAddress();
    const answers = await Promise.all(Array.from({ length: 4 }, () => signIn({ username: row.username, password: 'a guess' }, from)));
    expect((await signIn({ username: row.username, password: 'a guess' }, from)).code).toBe('OPERATOR_LOCKED');
    expect(tally(answers)).toEqual({ '401 OPERATOR_CREDENTIALS_INVALID': 4 });
    expect(remainingOf(answers, 'OPERATOR_CREDENTIALS_INVALID')).toEqual([1, 2, 3, 4]);
  });

  it(`${BURST} wrong two-factor codes at once after the right password: exactly 5 checked, and the address is locked`, async () => {
    const secret = generateSecret();
    const row = await buildOperator(t, 'content', { totpSecret: secret });
    const from = freshAddress();
    const code = await wrongCode(secret);
    const answers = await Promise.all(Array.from({ length: BURST }, () => signIn({ username: row.username, password: OPERATOR_PASSWORD, code }, from)));
    expect(tally(answers)).toEqual({ '401 TOTP_INVALID': 4, '429 OPERATOR_LOCKED': BURST - 4 });
    expect(remainingOf(answers, 'TOTP_INVALID')).toEqual([1, 2, 3, 4]);
    const right = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD, code: right }, from)).code).toBe('OPERATOR_LOCKED');
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD, code: right }, freshAddress())).status).toBe(200);
  });

  it('asking for the code step in between does not restart the count of wrong codes', async () => {
    const secret = generateSecret();
    const row = await buildOperator(t, 'support', { totpSecret: secret });
    const from = freshAddress();
    const code = await wrongCode(secret);
    const wrong: Answer[] = [];
    for (let i = 0; i < 4; i += 1) {
      expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD }, from)).status).toBe(200);
      wrong.push(await signIn({ username: row.username, password: OPERATOR_PASSWORD, code }, from));
    }
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD, code }, from)).code).toBe('OPERATOR_LOCKED');
    expect(wrong.map((answer) => answer.details?.attemptsRemaining)).toEqual([4, 3, 2, 1]);
  });

  it(`one two-factor code sent in ${BURST} sign-ins at once signs in once`, async () => {
    const secret = generateSecret();
    const row = await buildOperator(t, 'owner', { totpSecret: secret });
    const code = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    // From as many addresses, so that no limit stands between the burst and the code's check.
    const answers = await Promise.all(Array.from({ length: BURST }, () => signIn({ username: row.username, password: OPERATOR_PASSWORD, code }, freshAddress())));
    expect(tally(answers)).toEqual({ '200 ok': 1, '401 TOTP_INVALID': BURST - 1 });
    expect(await sessionsOf(row.id)).toBe(1);
  });
});

describe('a set-up link', () => {
  it('lets the address that chose a password through it in at once', async () => {
    const row = await buildOperator(t, 'support');
    const from = freshAddress();
    for (let i = 0; i < 5; i += 1) await signIn({ username: row.username, password: 'a guess' }, from);
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD }, from)).code).toBe('OPERATOR_LOCKED');
    const owner = await buildOperator(t, 'owner');
    const ownerCookies = await signInOperator(t, owner.username);
    const link = await t.server.inject({ method: 'POST', url: `/api/v1/console/operators/${row.id}/setup-link`, headers: callerHeaders(ownerCookies.session, ownerCookies.csrf) });
    const token = new URL((link.json() as { data: { setupUrl: string } }).data.setupUrl).searchParams.get('token') ?? '';
    const password = 'a fresh long password';
    expect((await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/setup', payload: { token, password }, remoteAddress: from })).statusCode).toBe(200);
    expect((await signIn({ username: row.username, password }, from)).status).toBe(200);
  });
});

describe('changing the console password', () => {
  async function changePassword(headers: Record<string, string>, currentPassword: string, from: string): Promise<Answer> {
    const payload = { currentPassword, newPassword: 'a brand new long password' };
    return answerOf(await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/password', headers, payload, remoteAddress: from }));
  }

  it(`${BURST} wrong current passwords at once: exactly 5 checked, then that address is locked out of the operator`, async () => {
    const row = await buildOperator(t, 'content');
    const cookies = await signInOperator(t, row.username);
    const headers = callerHeaders(cookies.session, cookies.csrf);
    const from = freshAddress();
    const hashing = countHashing();
    const answers = await Promise.all(Array.from({ length: BURST }, () => changePassword(headers, 'a guess', from)));
    expect(tally(answers)).toEqual({ '400 CONSOLE_WRONG_PASSWORD': 4, '429 OPERATOR_LOCKED': BURST - 4 });
    expect(remainingOf(answers, 'CONSOLE_WRONG_PASSWORD')).toEqual([1, 2, 3, 4]);
    expect(hashing.verify).toHaveBeenCalledTimes(5);
    // The same lock as the sign-in's: neither the right current password nor a sign-in gets through from there.
    expect((await changePassword(headers, OPERATOR_PASSWORD, from)).code).toBe('OPERATOR_LOCKED');
    expect((await signIn({ username: row.username, password: OPERATOR_PASSWORD }, from)).code).toBe('OPERATOR_LOCKED');
    expect((await changePassword(headers, OPERATOR_PASSWORD, freshAddress())).status).toBe(200);
  });

  it('wrong sign-ins and wrong current passwords from one address share one count', async () => {
    const row = await buildOperator(t, 'finance');
    const cookies = await signInOperator(t, row.username);
    const headers = callerHeaders(cookies.session, cookies.csrf);
    const from = freshAddress();
    for (let i = 0; i < 2; i += 1) expect((await signIn({ username: row.username, password: 'a guess' }, from)).status).toBe(401);
    const changes = [await changePassword(headers, 'a guess', from), await changePassword(headers, 'a guess', from)];
    expect((await signIn({ username: row.username, password: 'a guess' }, from)).code).toBe('OPERATOR_LOCKED');
    expect(changes.map((answer) => [answer.code, answer.details?.attemptsRemaining])).toEqual([
      ['CONSOLE_WRONG_PASSWORD', 2],
      ['CONSOLE_WRONG_PASSWORD', 1],
    ]);
  });
});

describe('turning two-factor sign-in off', () => {
  it(`${BURST} wrong codes at once: exactly 5 checked, then that address is locked out of the operator, and two-factor stays on`, async () => {
    const secret = generateSecret();
    const row = await buildOperator(t, 'finance', { totpSecret: secret });
    const cookies = await signInOperator(t, row.username, secret);
    const headers = callerHeaders(cookies.session, cookies.csrf);
    const from = freshAddress();
    const code = await wrongCode(secret);
    const disable = async (payload: { code: string }, address: string) =>
      answerOf(await t.server.inject({ method: 'POST', url: '/api/v1/console/auth/totp/disable', headers, payload, remoteAddress: address }));
    const answers = await Promise.all(Array.from({ length: BURST }, () => disable({ code }, from)));
    expect(tally(answers)).toEqual({ '401 TOTP_INVALID': 4, '429 OPERATOR_LOCKED': BURST - 4 });
    const right = await generate({ secret, epoch: Math.floor(now.getTime() / 1000) });
    expect((await disable({ code: right }, from)).code).toBe('OPERATOR_LOCKED');
    const kept = await t.ctx.db.selectFrom('operators').select('totp_enabled').where('id', '=', row.id).executeTakeFirstOrThrow();
    expect(kept.totp_enabled).toBe(true);
  });
});

describe('addresses exempt from the per-address limits', () => {
  it('each keeps a lock of its own: five wrong passwords from one exempt address do not lock the operator out of another', async () => {
    const exempt = await createTestApp({ LIMIT_EXEMPT_ADDRESSES: '127.0.0.1,203.0.113.0/24' });
    try {
      const row = await buildOperator(exempt, 'owner');
      const signInTo = async (password: string, from: string) =>
        answerOf(await exempt.server.inject({ method: 'POST', url: '/api/v1/console/auth/sign-in', payload: { username: row.username, password }, remoteAddress: from }));
      for (let wrong = 0; wrong < 5; wrong += 1) await signInTo('a guess', '203.0.113.7');
      expect((await signInTo(OPERATOR_PASSWORD, '203.0.113.7')).code).toBe('OPERATOR_LOCKED');
      expect((await signInTo(OPERATOR_PASSWORD, '203.0.113.8')).status).toBe(200);
    } finally {
      await exempt.close();
    }
  });
});
