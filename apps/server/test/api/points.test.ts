import {
  apiPaths,
  CHECK_IN_REWARDS,
  MEMBER_POINTS_MAX,
  pointsRecordListResponseSchema,
  pointsSummaryResponseSchema,
  taskClaimResponseSchema,
} from '@drama/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { useAdminCli } from '../support/admin-cli.js';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { expectBalancesMatchLedger, expectRunningBalances } from '../support/ledger.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { adminAuth } from '../support/admin-auth.js';
import { pointsChange } from '../support/operator-acts.js';
import { useTestApp } from '../support/test-app.js';

function shanghai(local: string): Date {
  return new Date(`${local}+08:00`);
}

let now = shanghai('2030-03-10T12:00:00');
const t = useTestApp({ APP_TIMEZONE: 'Asia/Shanghai', ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => now });
const { call, refused, member, grant } = memberCalls(t);

afterEach(async () => {
  await expectBalancesMatchLedger(t.database.db);
  await expectRunningBalances(t.database.db);
});

async function summary(auth: Auth) {
  return okData(await call('GET', apiPaths.points(), auth), pointsSummaryResponseSchema);
}

async function records(auth: Auth, query = '') {
  return okData(await call('GET', `${apiPaths.pointsRecords()}${query}`, auth), pointsRecordListResponseSchema);
}

async function balanceOf(userId: number): Promise<number> {
  const row = await t.database.db.selectFrom('users').select('points').where('id', '=', userId).executeTakeFirstOrThrow();
  return row.points;
}

describe('the points summary and records', () => {
  it('are for members only', async () => {
    refused(await call('GET', apiPaths.points()), 401, 'UNAUTHORIZED');
    refused(await call('GET', apiPaths.pointsRecords()), 401, 'UNAUTHORIZED');
  });

  it('start at zero', async () => {
    const { auth } = await member();
    expect(await summary(auth)).toEqual({ balance: 0, todayEarned: 0, totalEarned: 0, checkedInToday: false, checkInStreak: 0, checkInRewards: [...CHECK_IN_REWARDS] });
    expect(await records(auth)).toEqual({ items: [], page: 1, limit: 20, total: 0 });
  });

  it('count what was earned today in Shanghai apart from what was earned in all; spending earns nothing', async () => {
    const { user, auth } = await member();
    now = shanghai('2030-03-10T22:00:00');
    await grant(user.id, 300);
    now = shanghai('2030-03-11T00:30:00');
    const checkIn = await call('POST', apiPaths.taskClaim('dailyCheckIn'), auth);
    expect(taskClaimResponseSchema.parse(checkIn.body).data.balance).toBe(310);
    await grant(user.id, -100, 'correction');
    expect(await summary(auth)).toEqual({
      balance: 210,
      todayEarned: 10,
      totalEarned: 310,
      checkedInToday: true,
      checkInStreak: 1,
      checkInRewards: [...CHECK_IN_REWARDS],
    });
  });

  it('list the member’s own rows, newest first, by type and by page', async () => {
    const { user, auth } = await member();
    const other = await member();
    now = shanghai('2030-03-12T09:00:00');
    await grant(user.id, 50, 'first');
    await grant(other.user.id, 999, 'not yours');
    now = shanghai('2030-03-12T09:01:00');
    await call('POST', apiPaths.taskClaim('dailyCheckIn'), auth);
    now = shanghai('2030-03-12T09:02:00');
    await grant(user.id, -20, 'third');

    const all = await records(auth);
    expect(all.total).toBe(3);
    // An operator's reason goes to the audit log, never to the member: their rows carry no note.
    expect(all.items.map((r) => [r.type, r.amount, r.balanceAfter, r.note])).toEqual([
      ['admin', -20, 40, null],
      ['sign_in', 10, 60, 'dailyCheckIn'],
      ['admin', 50, 50, null],
    ]);
    expect(all.items[0]?.createdAt).toBe(shanghai('2030-03-12T09:02:00').toISOString());

    const admins = await records(auth, '?type=admin');
    expect(admins.total).toBe(2);
    expect(admins.items.every((r) => r.type === 'admin')).toBe(true);
    const second = await records(auth, '?page=2&limit=2');
    expect(second).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(second.items.map((r) => r.amount)).toEqual([50]);

    for (const query of ['?type=gift', '?page=0', '?limit=101', '?limit=abc']) {
      refused(await call('GET', `${apiPaths.pointsRecords()}${query}`, auth), 400, 'VALIDATION_FAILED');
    }
  });
});

describe('POST /console/members/{id}/points', () => {
  let admin: Auth;
  beforeAll(async () => {
    admin = await adminAuth(t, 'support');
  });

  it('grants and deducts through the ledger, never below zero', async () => {
    const { user, auth } = await member();
    const granted = await grant(user.id, 500, 'Compensation for an outage');
    expect(granted.member.points).toBe(500);
    expect(granted.adjustment).toMatchObject({ kind: 'points', amount: 500, reason: 'Compensation for an outage', before: '0', after: '500' });
    expect((await records(auth)).items[0]).toMatchObject({ type: 'admin', amount: 500, balanceAfter: 500 });
    expect((await grant(user.id, -200, 'Refunded order')).member.points).toBe(300);

    const details = refused(
      await call('POST', apiPaths.consoleMemberPoints(user.id), admin, pointsChange(-301, 'too much')),
      422,
      'INSUFFICIENT_POINTS',
    );
    expect(details).toEqual({ current: 300, required: 301 });
    expect(await balanceOf(user.id)).toBe(300);
    expect((await records(auth)).total).toBe(2);
    expect((await grant(user.id, -300, 'all of it')).member.points).toBe(0);
  });

  it("refuses an unknown user, bad bodies and callers without an operator's token", async () => {
    const { user, token } = await member();
    refused(await call('POST', apiPaths.consoleMemberPoints(99_999_999), admin, pointsChange(5)), 404, 'USER_NOT_FOUND');
    const { reason: _reason, ...noReason } = pointsChange(10);
    const { idempotencyKey: _key, ...noKey } = pointsChange(10);
    for (const body of [
      {},
      { ...pointsChange(10), amount: 0 },
      { ...pointsChange(10), amount: -10 },
      { ...pointsChange(10), amount: 1.5 },
      { ...pointsChange(10), amount: '10' },
      { ...pointsChange(10), amount: MEMBER_POINTS_MAX + 1 },
      { ...pointsChange(10), direction: 'gift' },
      noReason,
      pointsChange(10, '   '),
      pointsChange(10, 'x'.repeat(201)),
      noKey,
      { ...pointsChange(10), idempotencyKey: 'short' },
    ]) {
      refused(await call('POST', apiPaths.consoleMemberPoints(user.id), admin, body), 400, 'VALIDATION_FAILED');
    }
    refused(await call('POST', '/console/members/abc/points', admin, pointsChange(1)), 400, 'VALIDATION_FAILED');
    const callers: Auth[] = [{}, { authorization: `Bearer ${token}` }, { authorization: 'Bearer wrong' }];
    for (const auth of callers) {
      refused(await call('POST', apiPaths.consoleMemberPoints(user.id), auth, pointsChange(1)), 401, 'OPERATOR_UNAUTHENTICATED');
    }
    expect(await balanceOf(user.id)).toBe(0);
  });
});

describe('npm run admin -- points grant', () => {
  const cli = useAdminCli(t);

  it('grants and deducts, and explains bad usage', { timeout: 180_000 }, async () => {
    const { user } = await member();
    const id = String(user.id);
    const [granted, noReason, withNote, ambiguous] = await Promise.all([
      cli(['points', 'grant', id, '--amount', '120', '--reason', 'launch campaign']),
      cli(['points', 'grant', id, '--amount', '5']),
      // The member is shown no note: the reason is for the audit log only.
      cli(['points', 'grant', id, '--amount', '5', '--note', 'Launch gift', '--reason', 'x']),
      cli(['points', 'grant', id, '--amount', '-5', '--reason', 'x']),
    ]);
    expect(granted.stderr).toBe('');
    expect(granted.code).toBe(0);
    expect(granted.stdout).toMatch(new RegExp(`Granted 120 points to user ${id}: balance 120`));
    expect(noReason.code).toBe(2);
    expect(noReason.stderr).toMatch(/needs --reason/);
    expect(withNote.code).toBe(2);
    expect(withNote.stderr).toMatch(/--note/);
    // A negative number after a space reads as an option: the message says to write --amount=-5.
    expect(ambiguous.code).toBe(2);
    expect(ambiguous.stderr).toMatch(/--amount=-5/);

    const [deducted, tooMuch] = await Promise.all([
      cli(['points', 'grant', id, '--amount=-20', '--reason', 'double grant']),
      cli(['points', 'grant', id, '--amount=-1000', '--reason', 'x']),
    ]);
    expect(deducted.code).toBe(0);
    expect(deducted.stdout).toMatch(new RegExp(`Deducted 20 points from user ${id}: balance 100`));
    expect(tooMuch.code).toBe(1);
    expect(tooMuch.stderr).toMatch(/INSUFFICIENT_POINTS/);
    expect(await balanceOf(user.id)).toBe(100);
  });
});
