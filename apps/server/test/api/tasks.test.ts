import {
  CHECK_IN_REWARDS,
  API_BASE,
  apiPaths,
  type DramaDetail,
  followTargetResponseSchema,
  pointsRecordListResponseSchema,
  pointsSummaryResponseSchema,
  type Task,
  taskClaimResponseSchema,
  taskListResponseSchema,
  taskProgressResponseSchema,
  type TaskType,
} from '@drama/contracts';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { dramaDetails } from '../support/catalogue.js';
import { accountClient, TEST_ADMIN_TOKEN, uniqueEmail, uniquePhone } from '../support/accounts.js';
import { multipart, tinyPng } from '../support/images.js';
import { expectBalancesMatchLedger, expectRunningBalances } from '../support/ledger.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { adminAuth } from '../support/admin-auth.js';
import { useTestApp } from '../support/test-app.js';

/** Shanghai wall-clock time as an instant: the tests speak of the day as members there see it. */
function shanghai(local: string): Date {
  return new Date(`${local}+08:00`);
}

let now = shanghai('2030-03-10T12:00:00');
const t = useTestApp({ APP_TIMEZONE: 'Asia/Shanghai', ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => now });
const accounts = accountClient(t);
const { call, refused, member: newMember } = memberCalls(t);
let dramas: DramaDetail[];

beforeAll(async () => {
  dramas = await dramaDetails(t, 4);
});

/** After every scenario: each balance is the sum of its ledger, and each row's balance the running sum. */
afterEach(async () => {
  await expectBalancesMatchLedger(t.database.db);
  await expectRunningBalances(t.database.db);
});

async function member() {
  return (await newMember()).auth;
}

async function taskList(auth: Auth) {
  return okData(await call('GET', apiPaths.tasks(), auth), taskListResponseSchema);
}

async function task(auth: Auth, type: TaskType): Promise<Task> {
  const found = (await taskList(auth)).items.find((item) => item.type === type);
  if (!found) throw new Error(`no task ${type}`);
  return found;
}

async function claim(auth: Auth, type: TaskType) {
  return okData(await call('POST', apiPaths.taskClaim(type), auth), taskClaimResponseSchema);
}

async function report(auth: Auth, type: TaskType, body?: unknown) {
  return call('POST', apiPaths.taskProgress(type), auth, body);
}

async function setSettings(patch: Record<string, unknown>) {
  return call('PATCH', apiPaths.consoleSettings(), await adminAuth(t), patch);
}

async function summary(auth: Auth) {
  return okData(await call('GET', apiPaths.points(), auth), pointsSummaryResponseSchema);
}

async function records(auth: Auth) {
  return okData(await call('GET', `${apiPaths.pointsRecords()}?limit=100`, auth), pointsRecordListResponseSchema);
}

function freeEpisode(index: number) {
  const drama = dramas[index];
  const episode = drama?.episodes.find((e) => e.isFree);
  if (!drama || !episode) throw new Error('no free episode');
  return { dramaId: drama.id, episodeId: episode.id };
}

async function watch(auth: Auth, index: number) {
  const { dramaId, episodeId } = freeEpisode(index);
  const answer = await call('POST', apiPaths.watch(dramaId, episodeId), auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

describe('the task list', () => {
  it('is for members only', async () => {
    refused(await call('GET', apiPaths.tasks()), 401, 'UNAUTHORIZED');
    refused(await call('POST', apiPaths.taskClaim('dailyCheckIn')), 401, 'UNAUTHORIZED');
    refused(await call('POST', apiPaths.taskProgress('shareContent')), 401, 'UNAUTHORIZED');
  });

  it('shows every task of a new member, the next reset in Shanghai and a stable invite code', async () => {
    now = shanghai('2030-03-10T12:00:00');
    const auth = await member();
    const list = await taskList(auth);
    expect(list.items.map((item) => [item.type, item.category, item.status, item.progress, item.target, item.rewardPoints])).toEqual([
      ['dailyCheckIn', 'daily', 'not_started', 0, 1, 10],
      ['watchVideo', 'daily', 'not_started', 0, 3, 20],
      ['shareContent', 'daily', 'not_started', 0, 1, 10],
      ['bindPhone', 'newbie', 'not_started', 0, 1, 50],
      ['completeProfile', 'newbie', 'not_started', 0, 2, 30],
      // followUs: not offered while no official account is set (see below).
      ['inviteFriends', 'newbie', 'not_started', 0, 1, 100],
    ]);
    expect(list.follow).toBeNull();
    expect(list.resetsAt).toBe(shanghai('2030-03-11T00:00:00').toISOString());
    expect(list.timeZone).toBe('Asia/Shanghai');
    expect(list.checkInStreak).toBe(0);
    expect(list.inviteCode).toMatch(/^[A-HJKMNP-Z2-9]{8}$/);
    expect((await taskList(auth)).inviteCode).toBe(list.inviteCode);
  });

  it('refuses an unknown task type', async () => {
    const auth = await member();
    refused(await call('POST', apiPaths.taskClaim('sleepWell'), auth), 400, 'VALIDATION_FAILED');
    refused(await call('POST', apiPaths.taskProgress('sleepWell'), auth), 400, 'VALIDATION_FAILED');
  });
});

describe('the daily check-in', () => {
  it('is claimed once a day, and the day turns at midnight in Shanghai', async () => {
    const auth = await member();
    now = shanghai('2030-03-10T23:59:00');
    const first = await claim(auth, 'dailyCheckIn');
    expect(first.reward).toBe(10);
    expect(first.balance).toBe(10);
    expect(first.task).toMatchObject({ type: 'dailyCheckIn', status: 'received', rewardPoints: 10 });
    expect(first.record).toMatchObject({
      type: 'sign_in',
      amount: 10,
      balanceAfter: 10,
      reference: 'task:dailyCheckIn:2030-03-10',
      createdAt: now.toISOString(),
    });
    refused(await call('POST', apiPaths.taskClaim('dailyCheckIn'), auth), 409, 'TASK_ALREADY_RECEIVED');
    expect(await summary(auth)).toEqual({
      balance: 10,
      todayEarned: 10,
      totalEarned: 10,
      checkedInToday: true,
      checkInStreak: 1,
      checkInRewards: [...CHECK_IN_REWARDS],
    });

    // Two minutes later it is the next day: the check-in is open again and continues the streak.
    now = shanghai('2030-03-11T00:01:00');
    expect(await task(auth, 'dailyCheckIn')).toMatchObject({ status: 'not_started', progress: 0, rewardPoints: 10 });
    expect(await summary(auth)).toMatchObject({ checkedInToday: false, checkInStreak: 1, todayEarned: 0 });
    const second = await claim(auth, 'dailyCheckIn');
    expect(second.record.reference).toBe('task:dailyCheckIn:2030-03-11');
    expect(await summary(auth)).toEqual({
      balance: 20,
      todayEarned: 10,
      totalEarned: 20,
      checkedInToday: true,
      checkInStreak: 2,
      checkInRewards: [...CHECK_IN_REWARDS],
    });
    expect((await taskList(auth)).checkInStreak).toBe(2);

    // A day skipped (the 12th) breaks the streak: the 13th starts again at day 1.
    now = shanghai('2030-03-13T09:00:00');
    expect(await summary(auth)).toMatchObject({ checkedInToday: false, checkInStreak: 0 });
    expect(await task(auth, 'dailyCheckIn')).toMatchObject({ status: 'not_started', progress: 0, rewardPoints: 10 });
    expect((await claim(auth, 'dailyCheckIn')).reward).toBe(10);
    expect(await summary(auth)).toMatchObject({ balance: 30, checkedInToday: true, checkInStreak: 1 });
  });

  it('pays more as the streak grows: 10, 10, 15, 15, 20, 20, 30, then 30', async () => {
    const auth = await member();
    const rewards: number[] = [];
    for (let day = 1; day <= 9; day += 1) {
      now = shanghai(`2030-04-${String(day).padStart(2, '0')}T08:30:00`);
      expect((await task(auth, 'dailyCheckIn')).rewardPoints).toBe([10, 10, 15, 15, 20, 20, 30, 30, 30][day - 1]);
      rewards.push((await claim(auth, 'dailyCheckIn')).reward);
    }
    expect(rewards).toEqual([10, 10, 15, 15, 20, 20, 30, 30, 30]);
    expect(await summary(auth)).toMatchObject({ balance: 180, totalEarned: 180, checkInStreak: 9 });
    const ledger = await records(auth);
    expect(ledger.total).toBe(9);
    expect(ledger.items.every((record) => record.type === 'sign_in')).toBe(true);
  });

  it('pays once when claimed ten times at once', async () => {
    const auth = await member();
    now = shanghai('2030-05-01T10:00:00');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call('POST', apiPaths.taskClaim('dailyCheckIn'), auth)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    for (const answer of answers.filter((a) => a.status !== 200)) refused(answer, 409, 'TASK_ALREADY_RECEIVED');
    expect((await summary(auth)).balance).toBe(10);
    expect((await records(auth)).total).toBe(1);
  });
});

describe('watchVideo', () => {
  it('counts the dramas started today from the watch records, and resets at midnight', async () => {
    const auth = await member();
    now = shanghai('2030-03-20T23:40:00');
    await watch(auth, 0);
    expect(await task(auth, 'watchVideo')).toMatchObject({ status: 'in_progress', progress: 1, target: 3 });
    // The same drama again, or a position report, adds nothing.
    await watch(auth, 0);
    const { dramaId, episodeId } = freeEpisode(0);
    await call('POST', `${apiPaths.progress(dramaId)}?episodeId=${episodeId}&progress=20`, auth);
    expect((await task(auth, 'watchVideo')).progress).toBe(1);
    const details = refused(await call('POST', apiPaths.taskClaim('watchVideo'), auth), 422, 'TASK_NOT_COMPLETED');
    expect(details).toEqual({ progress: 1, target: 3 });
    // A guest's history merged at sign-in is not watching today.
    const merged = await call('POST', apiPaths.mergeWatchRecords(), auth, {
      records: [1, 2].map((index) => ({ ...freeEpisode(index), timestamp: now.getTime(), progress: 5 })),
    });
    expect(merged.status, JSON.stringify(merged.body)).toBe(200);
    expect((await task(auth, 'watchVideo')).progress).toBe(1);

    await watch(auth, 1);
    await watch(auth, 2);
    expect(await task(auth, 'watchVideo')).toMatchObject({ status: 'completed', progress: 3 });
    await watch(auth, 3);
    expect((await task(auth, 'watchVideo')).progress).toBe(3);
    const claimed = await claim(auth, 'watchVideo');
    expect(claimed.reward).toBe(20);
    expect(claimed.record).toMatchObject({
      type: 'task_reward',
      note: 'watchVideo',
      reference: 'task:watchVideo:2030-03-20',
      cause: { kind: 'task', taskType: 'watchVideo' },
    });
    refused(await call('POST', apiPaths.taskClaim('watchVideo'), auth), 409, 'TASK_ALREADY_RECEIVED');

    // After midnight the task starts over, and a drama watched yesterday counts again today.
    now = shanghai('2030-03-21T00:05:00');
    expect(await task(auth, 'watchVideo')).toMatchObject({ status: 'not_started', progress: 0 });
    await watch(auth, 0);
    expect(await task(auth, 'watchVideo')).toMatchObject({ status: 'in_progress', progress: 1 });
  });

  it('takes no progress reports: the server counts it', async () => {
    const auth = await member();
    for (const type of ['watchVideo', 'dailyCheckIn', 'bindPhone', 'completeProfile', 'inviteFriends'] as const) {
      refused(await report(auth, type), 400, 'VALIDATION_FAILED');
    }
    expect((await task(auth, 'watchVideo')).progress).toBe(0);
  });
});

describe('shareContent and followUs', () => {
  it('shareContent is reported by the client, claimed once a day, and resets', async () => {
    const auth = await member();
    now = shanghai('2030-06-01T21:00:00');
    refused(await call('POST', apiPaths.taskClaim('shareContent'), auth), 422, 'TASK_NOT_COMPLETED');
    const shared = await report(auth, 'shareContent', { dramaId: dramas[0]?.id });
    expect(shared.status, JSON.stringify(shared.body)).toBe(200);
    expect(taskProgressResponseSchema.parse(shared.body).data).toMatchObject({ status: 'completed', progress: 1, target: 1 });
    // More shares stay at the target.
    expect((await report(auth, 'shareContent')).status).toBe(200);
    expect((await task(auth, 'shareContent')).progress).toBe(1);
    expect((await claim(auth, 'shareContent')).reward).toBe(10);
    refused(await call('POST', apiPaths.taskClaim('shareContent'), auth), 409, 'TASK_ALREADY_RECEIVED');
    const after = taskProgressResponseSchema.parse((await report(auth, 'shareContent')).body).data;
    expect(after.status).toBe('received');

    now = shanghai('2030-06-02T00:00:00');
    expect(await task(auth, 'shareContent')).toMatchObject({ status: 'not_started', progress: 0 });
    await report(auth, 'shareContent');
    expect((await claim(auth, 'shareContent')).record.reference).toBe('task:shareContent:2030-06-02');
    expect((await summary(auth)).balance).toBe(20);
  });

  it('a share names a real drama when it names one', async () => {
    const auth = await member();
    refused(await report(auth, 'shareContent', { dramaId: 99_999_999 }), 404, 'DRAMA_NOT_FOUND');
    refused(await report(auth, 'shareContent', { dramaId: 'abc' }), 400, 'VALIDATION_FAILED');
    expect((await task(auth, 'shareContent')).progress).toBe(0);
  });

  it('followUs is listed only while an operator has set where it leads, per language', async () => {
    const auth = { ...(await member()), 'accept-language': 'zh-CN' };
    const en = { ...auth, 'accept-language': 'en-US' };
    expect((await taskList(auth)).items.map((item) => item.type)).not.toContain('followUs');
    refused(await call('POST', apiPaths.followOpened(), auth), 404, 'NOT_FOUND');
    refused(await report(auth, 'followUs'), 404, 'NOT_FOUND');
    refused(await call('POST', apiPaths.taskClaim('followUs'), auth), 404, 'NOT_FOUND');

    // Only https addresses (or '' for none), checked by the shared schema.
    for (const bad of ['http://weixin.example/starriver', 'javascript:alert(1)', 'starriver', 'https://']) {
      refused(await setSettings({ followUsLink: bad }), 400, 'VALIDATION_FAILED');
      refused(await setSettings({ translations: { 'en-US': { followUsQrImage: bad } } }), 400, 'VALIDATION_FAILED');
    }

    // An English account only: English viewers see it, the default language has none.
    expect((await setSettings({ translations: { 'en-US': { followUsLink: 'https://social.example/starriver' } } })).status).toBe(200);
    expect((await taskList(auth)).items.map((item) => item.type)).not.toContain('followUs');
    const english = await taskList(en);
    expect(english.items.map((item) => item.type)).toContain('followUs');
    expect(english.follow).toEqual({ link: 'https://social.example/starriver', qrImage: null, opened: false });

    // The default language's QR code: every language without its own falls back to it.
    expect((await setSettings({ followUsQrImage: 'https://cdn.example/qr.png' })).status).toBe(200);
    expect((await taskList(auth)).follow).toEqual({ link: null, qrImage: 'https://cdn.example/qr.png', opened: false });
    expect((await taskList({ ...auth, 'accept-language': 'zh-Hant' })).follow?.qrImage).toBe('https://cdn.example/qr.png');
    // A QR image on this site (the web app's CSP loads images from here and the media origin).
    expect((await setSettings({ followUsQrImage: '/media/brand/follow-qr.png' })).status).toBe(200);
    expect((await taskList(auth)).follow?.qrImage).toBe('/media/brand/follow-qr.png');
    refused(await setSettings({ followUsQrImage: '//evil.example/qr.png' }), 400, 'VALIDATION_FAILED');

    // Unset again: gone from every list.
    await setSettings({ followUsQrImage: '', translations: { 'en-US': { followUsLink: '' } } });
    expect((await taskList(en)).items.map((item) => item.type)).not.toContain('followUs');
    expect((await taskList(en)).follow).toBeNull();
  });

  it('followUs counts "Done" only after the target was opened, and pays once, never again on later days', async () => {
    await setSettings({ followUsLink: 'https://social.example/starriver' });
    try {
      const auth = await member();
      now = shanghai('2030-06-10T10:00:00');
      expect(await task(auth, 'followUs')).toMatchObject({ status: 'not_started', progress: 0 });
      // "Done" without opening anything is not a follow.
      refused(await report(auth, 'followUs'), 422, 'TASK_NOT_COMPLETED');
      refused(await call('POST', apiPaths.taskClaim('followUs'), auth), 422, 'TASK_NOT_COMPLETED');

      const opened = await call('POST', apiPaths.followOpened(), auth);
      expect(opened.status, JSON.stringify(opened.body)).toBe(200);
      expect(followTargetResponseSchema.parse(opened.body).data).toEqual({
        link: 'https://social.example/starriver',
        qrImage: null,
        opened: true,
      });
      expect((await taskList(auth)).follow?.opened).toBe(true);
      expect((await task(auth, 'followUs')).status).toBe('not_started');
      expect(taskProgressResponseSchema.parse((await report(auth, 'followUs')).body).data.status).toBe('completed');

      const claims = await Promise.all([0, 1].map(() => call('POST', apiPaths.taskClaim('followUs'), auth)));
      expect(claims.map((answer) => answer.status).sort()).toEqual([200, 409]);
      now = shanghai('2030-07-10T10:00:00');
      expect(await task(auth, 'followUs')).toMatchObject({ status: 'received', progress: 1 });
      await report(auth, 'followUs');
      refused(await call('POST', apiPaths.taskClaim('followUs'), auth), 409, 'TASK_ALREADY_RECEIVED');
      expect((await summary(auth)).balance).toBe(20);
      refused(await call('POST', apiPaths.followOpened()), 401, 'UNAUTHORIZED');
    } finally {
      await setSettings({ followUsLink: '' });
    }
  });

  it('progress reports are rate-limited per member', async () => {
    const auth = await member();
    const answers = [];
    for (let i = 0; i < 21; i += 1) answers.push(await report(auth, 'shareContent'));
    expect(answers.slice(0, 20).every((answer) => answer.status === 200)).toBe(true);
    const last = answers[20];
    if (!last) throw new Error('missing answer');
    const details = refused(last, 429, 'RATE_LIMITED') as { retryAfter: number };
    expect(details.retryAfter).toBeGreaterThan(0);
    expect(last.headers['retry-after']).toBe(String(details.retryAfter));
    // Another member is not affected.
    expect((await report(await member(), 'shareContent')).status).toBe(200);
  });
});

describe('newbie tasks from the account', () => {
  it('bindPhone and completeProfile follow the real account changes, once per account', async () => {
    now = shanghai('2030-08-01T10:00:00');
    const email = uniqueEmail();
    const session = await accounts.signUp();
    const auth = { authorization: `Bearer ${session.token}` };
    refused(await call('POST', apiPaths.taskClaim('bindPhone'), auth), 422, 'TASK_NOT_COMPLETED');

    const phone = uniquePhone();
    expect((await accounts.requestCode({ channel: 'phone', target: phone, purpose: 'bind' }, session.token)).status).toBe(200);
    const bound = await call('POST', apiPaths.bindPhone(), auth, { phone, code: await accounts.latestCode(phone) });
    expect(bound.status, JSON.stringify(bound.body)).toBe(200);
    expect(await task(auth, 'bindPhone')).toMatchObject({ status: 'completed', progress: 1 });
    expect((await claim(auth, 'bindPhone')).reward).toBe(50);

    // completeProfile: a nickname and an uploaded avatar, one step each (an email is not asked for).
    expect((await accounts.requestCode({ channel: 'email', target: email, purpose: 'bind' }, session.token)).status).toBe(200);
    const emailBound = await call('POST', apiPaths.bindEmail(), auth, { email, code: await accounts.latestCode(email) });
    expect(emailBound.status, JSON.stringify(emailBound.body)).toBe(200);
    expect(await task(auth, 'completeProfile')).toMatchObject({ status: 'not_started', progress: 0, target: 2 });
    const named = await call('PATCH', apiPaths.me(), auth, { nickname: '小猫' });
    expect(named.status, JSON.stringify(named.body)).toBe(200);
    expect(await task(auth, 'completeProfile')).toMatchObject({ status: 'in_progress', progress: 1, target: 2 });
    refused(await call('POST', apiPaths.taskClaim('completeProfile'), auth), 422, 'TASK_NOT_COMPLETED');
    const { body, contentType } = multipart([{ filename: 'me.png', contentType: 'image/png', data: tinyPng(8, 8) }]);
    const uploaded = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.avatar()}`,
      headers: { ...auth, 'content-type': contentType },
      payload: body,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    expect(await task(auth, 'completeProfile')).toMatchObject({ status: 'completed', progress: 2 });
    expect((await claim(auth, 'completeProfile')).reward).toBe(30);

    // Days later, and even with the avatar removed, the newbie tasks stay received.
    now = shanghai('2030-09-01T10:00:00');
    await call('PATCH', apiPaths.me(), auth, { avatar: null });
    const list = await taskList(auth);
    expect(list.items.filter((item) => item.category === 'newbie' && item.status === 'received').map((item) => item.type)).toEqual([
      'bindPhone',
      'completeProfile',
    ]);
    refused(await call('POST', apiPaths.taskClaim('bindPhone'), auth), 409, 'TASK_ALREADY_RECEIVED');
    expect((await summary(auth)).balance).toBe(80);
  });

  it('inviteFriends completes when someone signs up with the invite code and watches an episode, and pays the inviter', async () => {
    now = shanghai('2030-08-02T10:00:00');
    const inviter = await accounts.signUp();
    const inviterAuth = { authorization: `Bearer ${inviter.token}` };
    const { inviteCode } = await taskList(inviterAuth);

    // An unknown code does not stop a sign-up, and counts for no one.
    const stranger = await accounts.call('POST', apiPaths.signUp(), {
      body: { username: `stranger_${inviteCode.toLowerCase()}`, password: 'secret-pass-1', inviteCode: 'NOSUCHCODE' },
    });
    expect(stranger.status, JSON.stringify(stranger.body)).toBe(200);
    expect((await task(inviterAuth, 'inviteFriends')).progress).toBe(0);

    const friend = await accounts.call('POST', apiPaths.signUp(), {
      body: { username: `friend_${inviteCode.toLowerCase()}`, password: 'secret-pass-1', inviteCode: ` ${inviteCode.toLowerCase()} ` },
    });
    expect(friend.status, JSON.stringify(friend.body)).toBe(200);
    // Signing up is not enough: an account made only for the reward counts for nothing.
    expect((await task(inviterAuth, 'inviteFriends')).progress).toBe(0);
    const friendToken = (friend.body as { data: { token: string } }).data.token;
    await watch({ authorization: `Bearer ${friendToken}` }, 0);
    expect(await task(inviterAuth, 'inviteFriends')).toMatchObject({ status: 'completed', progress: 1 });
    const paid = await claim(inviterAuth, 'inviteFriends');
    expect(paid.reward).toBe(100);
    expect(paid.record).toMatchObject({ type: 'invite', reference: 'task:inviteFriends:once' });
    refused(await call('POST', apiPaths.taskClaim('inviteFriends'), inviterAuth), 409, 'TASK_ALREADY_RECEIVED');

    expect((await task({ authorization: `Bearer ${friendToken}` }, 'inviteFriends')).status).toBe('not_started');
  });
});
