import {
  apiPaths,
  CAMPAIGN_MAX_CODES,
  pointsRecordListResponseSchema,
  redeemRecordListResponseSchema,
  redeemResponseSchema,
} from '@drama/contracts';
import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAdminCli } from '../support/admin-cli.js';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { expectBalancesMatchLedger } from '../support/ledger.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { adminAuth } from '../support/admin-auth.js';
import { type CampaignSpec, makeCampaign } from '../support/operator-acts.js';
import { useTestApp } from '../support/test-app.js';

const DAY_MS = 86_400_000;
/** Three groups of four from the alphabet without 0/O/o, 1/I/l. */
const CODE_FORMAT = /^[A-HJ-NP-Za-km-np-z2-9]{4}-[A-HJ-NP-Za-km-np-z2-9]{4}-[A-HJ-NP-Za-km-np-z2-9]{4}$/;

// The clock only moves forward in this file, starting at the real time (the command line
// computes `+30d` from the real time).
let now = new Date();
function advance(ms: number): void {
  now = new Date(now.getTime() + ms);
}

const t = useTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => now });

/** An operator's API token, made once the app is up. */
const admin: Auth = {};
beforeAll(async () => {
  Object.assign(admin, await adminAuth(t, 'finance'));
});
const { call, refused, member } = memberCalls(t);

afterEach(async () => {
  await expectBalancesMatchLedger(t.database.db);
});

/** A campaign made by finance, with its codes as its export lists them. */
async function createCodes(spec: CampaignSpec) {
  const { campaign, codes } = await makeCampaign(t, spec, { auth: admin });
  return { ...campaign, codes };
}

async function oneCode(type: 'vip_days' | 'points', value: number, expiresAt?: string): Promise<string> {
  const [code] = (await createCodes({ type, value, count: 1, ...(expiresAt ? { expiresAt } : {}) })).codes;
  if (!code) throw new Error('no code');
  return code;
}

async function redeem(auth: Auth, code: string, ip?: string) {
  return call('POST', apiPaths.redeem(), auth, { code }, ip);
}

async function redeemed(auth: Auth, code: string) {
  return okData(await redeem(auth, code), redeemResponseSchema);
}

async function codeRow(code: string) {
  return t.database.db.selectFrom('redeem_codes').selectAll().where('code', '=', code).executeTakeFirstOrThrow();
}

function swapCase(text: string): string {
  return [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
}

describe('POST /console/campaigns', () => {
  it('makes a batch of unique, readable codes', async () => {
    const batch = await createCodes({ type: 'vip_days', value: 7, count: 200 });
    expect(batch).toMatchObject({ type: 'vip_days', value: 7, expiresAt: null });
    expect(batch.codes).toHaveLength(200);
    expect(new Set(batch.codes).size).toBe(200);
    for (const code of batch.codes) expect(code).toMatch(CODE_FORMAT);
    // Both letter cases are drawn: codes are case-sensitive.
    expect(batch.codes.join('')).toMatch(/[a-z]/);
    expect(batch.codes.join('')).toMatch(/[A-Z]/);
    const expiresAt = new Date(now.getTime() + 30 * DAY_MS).toISOString();
    const expiring = await createCodes({ type: 'points', value: 500, count: 2, expiresAt });
    expect(expiring.expiresAt).toBe(expiresAt);
    expect((await codeRow(expiring.codes[0] ?? '')).expires_at?.toISOString()).toBe(expiresAt);
  });

  it("validates the batch and needs an operator's token", async () => {
    const someone = await member();
    for (const body of [
      {},
      { type: 'points', value: 1, count: 1 },
      { name: 'Bad', type: 'coins', value: 1, count: 1 },
      { name: 'Bad', type: 'points', value: 0, count: 1 },
      { name: 'Bad', type: 'points', value: 1.5, count: 1 },
      { name: 'Bad', type: 'points', value: 1, count: 0 },
      { name: 'Bad', type: 'points', value: 1, count: CAMPAIGN_MAX_CODES + 1 },
      { name: 'Bad', type: 'points', value: 1, count: 1, expiresAt: 'tomorrow' },
    ]) {
      refused(await call('POST', apiPaths.consoleCampaigns(), admin, body), 400, 'VALIDATION_FAILED');
    }
    const past = { name: 'Bad', type: 'points', value: 1, count: 1, expiresAt: new Date(now.getTime() - 1000).toISOString() };
    refused(await call('POST', apiPaths.consoleCampaigns(), admin, past), 400, 'CAMPAIGN_EXPIRY_IN_PAST');
    for (const auth of [{}, someone.auth, { authorization: 'Bearer nope' }]) {
      refused(await call('POST', apiPaths.consoleCampaigns(), auth, { name: 'Bad', type: 'points', value: 1, count: 1 }), 401, 'OPERATOR_UNAUTHENTICATED');
    }
    const total = await t.database.db.selectFrom('redeem_codes').select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
    expect(total.n).toBe(202);
  });
});

describe('POST /client/redeem', () => {
  it('is for members only', async () => {
    refused(await call('POST', apiPaths.redeem(), {}, { code: 'ABCD-EFGH-JKMN' }), 401, 'UNAUTHORIZED');
    refused(await call('GET', apiPaths.redeemRecords()), 401, 'UNAUTHORIZED');
  });

  it('grants points through the ledger', async () => {
    const { auth } = await member();
    const code = await oneCode('points', 250);
    expect(await redeemed(auth, code)).toEqual({ type: 'points', value: 250, points: 250, vipLevel: 0, vipExpireTime: null });
    const ledger = pointsRecordListResponseSchema.parse((await call('GET', apiPaths.pointsRecords(), auth)).body).data;
    expect(ledger.items).toHaveLength(1);
    expect(ledger.items[0]).toMatchObject({
      type: 'redeem_code',
      amount: 250,
      balanceAfter: 250,
      note: code,
      reference: `redeem:${(await codeRow(code)).id}`,
    });
  });

  it('grants VIP days, added on to a running membership', async () => {
    const { user, auth } = await member();
    const first = await redeemed(auth, await oneCode('vip_days', 3));
    expect(first).toMatchObject({ type: 'vip_days', value: 3, points: 0, vipLevel: 1 });
    expect(first.vipExpireTime).toBe(new Date(now.getTime() + 3 * DAY_MS).toISOString());
    const second = await redeemed(auth, await oneCode('vip_days', 30));
    expect(second.vipExpireTime).toBe(new Date(now.getTime() + 33 * DAY_MS).toISOString());
    const row = await t.database.db.selectFrom('users').selectAll().where('id', '=', user.id).executeTakeFirstOrThrow();
    expect(row.points).toBe(0);
    expect(row.vip_expire_time?.toISOString()).toBe(second.vipExpireTime);
  });

  it('is single use', async () => {
    const alice = await member();
    const bob = await member();
    const code = await oneCode('points', 10);
    await redeemed(alice.auth, code);
    refused(await redeem(bob.auth, code), 409, 'REDEEM_CODE_USED');
    refused(await redeem(alice.auth, code), 409, 'REDEEM_CODE_USED');
    expect((await codeRow(code)).used_by).toBe(alice.user.id);
    const bobRow = await t.database.db.selectFrom('users').select('points').where('id', '=', bob.user.id).executeTakeFirstOrThrow();
    expect(bobRow.points).toBe(0);
  });

  it('is case-sensitive; dashes and spaces do not matter', async () => {
    const { auth } = await member();
    const code = await oneCode('points', 5);
    refused(await redeem(auth, swapCase(code)), 404, 'REDEEM_CODE_INVALID');
    refused(await redeem(auth, code.toLowerCase()), 404, 'REDEEM_CODE_INVALID');
    refused(await redeem(auth, 'ABCD-EFGH-JKMN'), 404, 'REDEEM_CODE_INVALID');
    expect((await codeRow(code)).used_at).toBeNull();
    expect((await redeemed(auth, `  ${code.replaceAll('-', ' ')} `)).points).toBe(5);
  });

  it('refuses an expired code and leaves it unused', async () => {
    const { auth } = await member();
    const code = await oneCode('vip_days', 1, new Date(now.getTime() + 3_600_000).toISOString());
    advance(2 * 3_600_000);
    refused(await redeem(auth, code), 410, 'REDEEM_CODE_EXPIRED');
    expect((await codeRow(code)).used_at).toBeNull();
  });

  it('refuses malformed bodies', async () => {
    const { auth } = await member();
    for (const body of [{}, { code: '' }, { code: 'abc' }, { code: 'x'.repeat(65) }, { code: 12345678 }]) {
      refused(await call('POST', apiPaths.redeem(), auth, body), 400, 'VALIDATION_FAILED');
    }
  });

  it('locks a member out for ten minutes after ten failures, even with a good code', async () => {
    advance(DAY_MS);
    const { auth } = await member();
    // Each attempt from another address: this is the member's own limit.
    for (let i = 0; i < 10; i += 1) {
      refused(await redeem(auth, `Gues-sing-${String(i).padStart(4, 'x')}`, `10.1.0.${i + 1}`), 404, 'REDEEM_CODE_INVALID');
    }
    const code = await oneCode('points', 40);
    const limited = await redeem(auth, code, '10.1.1.1');
    const details = refused(limited, 429, 'RATE_LIMITED') as { retryAfter: number };
    expect(details.retryAfter).toBe(600);
    expect(limited.headers['retry-after']).toBe('600');
    expect((await codeRow(code)).used_at).toBeNull();

    advance(5 * 60_000);
    expect((refused(await redeem(auth, code, '10.1.1.2'), 429, 'RATE_LIMITED') as { retryAfter: number }).retryAfter).toBe(300);
    // Another member is not limited.
    expect((await redeem((await member()).auth, 'Ano-ther-miss', '10.1.1.3')).status).toBe(404);

    advance(5 * 60_000 + 1_000);
    expect((await redeemed(auth, code)).points).toBe(40);
  });

  it('limits an address to thirty failures, whoever the members are', async () => {
    advance(DAY_MS);
    const ip = '10.2.0.1';
    for (let m = 0; m < 3; m += 1) {
      const { auth } = await member();
      for (let i = 0; i < 10; i += 1) refused(await redeem(auth, `Miss-${m}-${i}xxxx`, ip), 404, 'REDEEM_CODE_INVALID');
    }
    const newcomer = await member();
    const code = await oneCode('points', 15);
    refused(await redeem(newcomer.auth, code, ip), 429, 'RATE_LIMITED');
    expect((await redeem(newcomer.auth, code, '10.2.0.2')).status).toBe(200);
  });
});

describe('GET /client/redeem/records', () => {
  it('lists the member’s own redemptions, newest first', async () => {
    const { auth } = await member();
    const other = await member();
    const older = await oneCode('points', 1);
    await redeemed(auth, older);
    advance(60_000);
    await redeemed(other.auth, await oneCode('points', 2));
    const newer = await oneCode('vip_days', 7);
    await redeemed(auth, newer);

    const answer = await call('GET', apiPaths.redeemRecords(), auth);
    const list = redeemRecordListResponseSchema.parse(answer.body).data;
    expect(list.total).toBe(2);
    expect(list.items.map((r) => [r.code, r.type, r.value])).toEqual([
      [newer, 'vip_days', 7],
      [older, 'points', 1],
    ]);
    expect(list.items[0]?.redeemedAt).toBe(now.toISOString());
    const paged = redeemRecordListResponseSchema.parse((await call('GET', `${apiPaths.redeemRecords()}?page=2&limit=1`, auth)).body).data;
    expect(paged.items.map((r) => r.code)).toEqual([older]);
    refused(await call('GET', `${apiPaths.redeemRecords()}?limit=0`, auth), 400, 'VALIDATION_FAILED');
  });
});

describe('npm run admin -- redeem create', () => {
  const cli = useAdminCli(t);

  it('prints the codes one per line, and explains bad usage', { timeout: 180_000 }, async () => {
    const [made, noType, badExpiry] = await Promise.all([
      cli(['redeem', 'create', '--type', 'vip_days', '--value', '30', '--count', '3', '--expires', '+30d']),
      cli(['redeem', 'create', '--value', '30', '--count', '3']),
      cli(['redeem', 'create', '--type', 'points', '--value', '1', '--count', '1', '--expires', 'next week']),
    ]);
    expect(made.code, made.stderr).toBe(0);
    const codes = made.stdout.trim().split('\n');
    expect(codes).toHaveLength(3);
    for (const code of codes) expect(code).toMatch(CODE_FORMAT);
    expect(made.stderr).toMatch(/Campaign \d+ "[^"]+": 3 codes of 30 VIP days each, valid until/);
    const stored = await codeRow(codes[0] ?? '');
    expect(stored.type).toBe('vip_days');
    expect(Math.abs((stored.expires_at?.getTime() ?? 0) - (Date.now() + 30 * DAY_MS))).toBeLessThan(10 * 60_000);
    expect((await redeemed((await member()).auth, codes[1] ?? '')).value).toBe(30);

    expect(noType.code).toBe(2);
    expect(noType.stderr).toMatch(/--type vip_days or --type points/);
    expect(badExpiry.code).toBe(2);
    expect(badExpiry.stderr).toMatch(/--expires must be/);
  });
});
