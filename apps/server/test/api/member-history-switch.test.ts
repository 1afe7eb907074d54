import {
  apiPaths,
  type DramaDetail,
  mergeWatchRecordsResponseSchema,
  resumePointResponseSchema,
  type TaskType,
  taskListResponseSchema,
  watchRecordListResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { dramaAt, dramaDetails } from '../support/catalogue.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const { call, refused, member } = memberCalls(t);
let dramas: DramaDetail[];

beforeAll(async () => {
  dramas = await dramaDetails(t, 3, { 'accept-language': 'en-US' });
});

function episode(d: DramaDetail, sequence: number) {
  const found = d.episodes.find((e) => e.sequence === sequence);
  if (!found) throw new Error(`no episode ${sequence}`);
  return found;
}

function firstLocked(d: DramaDetail) {
  const found = d.episodes.find((e) => !e.isFree);
  if (!found) throw new Error('no locked episode');
  return found;
}

/** A watch call that must answer success whatever the switch says, so the player is not disturbed. */
async function watch(auth: Auth, dramaId: number, episodeId: number) {
  const answer = await call('POST', `${apiPaths.watch(dramaId, episodeId)}?episodeId=${episodeId}`, auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ success: true, data: { recorded: true } });
}

async function progress(auth: Auth, dramaId: number, episodeId: number, seconds: number) {
  const answer = await call('POST', `${apiPaths.progress(dramaId)}?episodeId=${episodeId}&progress=${seconds}`, auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ success: true, data: { recorded: true } });
}

async function merge(auth: Auth, records: Array<{ dramaId: number; episodeId: number; progress: number; timestamp: number }>) {
  const answer = await call('POST', apiPaths.mergeWatchRecords(), auth, { records });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return mergeWatchRecordsResponseSchema.parse(answer.body).data.merged;
}

async function history(auth: Auth) {
  return okData(await call('GET', apiPaths.watchRecords(), { ...auth, 'accept-language': 'en-US' }), watchRecordListResponseSchema);
}

async function resume(auth: Auth, dramaId: number) {
  return okData(await call('GET', apiPaths.watchRecord(dramaId), auth), resumePointResponseSchema);
}

async function setHistory(auth: Auth, on: boolean) {
  const answer = await call('PATCH', apiPaths.userSettings(), auth, { privacy: { history: on } });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
}

async function rowsOf(userId: number) {
  return t.database.db.selectFrom('watch_records').selectAll().where('user_id', '=', userId).orderBy('drama_id').execute();
}

describe('the history switch', () => {
  it('off: watch, progress and merge answer success and record nothing new; what was there stays unchanged', async () => {
    const { user, auth } = await member();
    const [a, b, c] = [dramaAt(dramas, 0), dramaAt(dramas, 1), dramaAt(dramas, 2)];
    // Watched a with the switch on: the record a later list must still show, unchanged.
    await watch(auth, a.id, episode(a, 1).id);
    await progress(auth, a.id, episode(a, 1).id, 7);
    const before = await rowsOf(user.id);
    const listBefore = await history(auth);
    expect(listBefore.total).toBe(1);

    await setHistory(auth, false);
    await watch(auth, a.id, episode(a, 2).id); // a new episode of a drama already in the history
    await progress(auth, a.id, episode(a, 2).id, 20);
    await watch(auth, b.id, episode(b, 1).id); // a drama never watched
    await progress(auth, b.id, episode(b, 1).id, 9);
    expect(await merge(auth, [{ dramaId: c.id, episodeId: episode(c, 1).id, progress: 3, timestamp: Date.now() }])).toBe(0);

    expect(await rowsOf(user.id)).toEqual(before);
    expect(await history(auth)).toEqual(listBefore);
    expect(await resume(auth, a.id)).toMatchObject({ episodeId: episode(a, 1).id, progressSeconds: 7 });
    expect(await resume(auth, b.id)).toBeNull();
    expect(await resume(auth, c.id)).toBeNull();
  });

  it('off: the daily watch task and a friend’s invite still count, from marks that are no history', async () => {
    const task = async (auth: Auth, type: TaskType) =>
      okData(await call('GET', apiPaths.tasks(), auth), taskListResponseSchema).items.find((item) => item.type === type);
    const inviter = await member();
    const { user, auth } = await member();
    await t.database.db.updateTable('users').set({ invited_by: inviter.user.id }).where('id', '=', user.id).execute();
    await setHistory(auth, false);

    for (const index of [0, 1, 2]) await watch(auth, dramaAt(dramas, index).id, episode(dramaAt(dramas, index), 1).id);
    await watch(auth, dramaAt(dramas, 0).id, episode(dramaAt(dramas, 0), 2).id); // the same drama again counts once
    expect(await task(auth, 'watchVideo')).toMatchObject({ status: 'completed', progress: 3 });
    expect((await call('POST', apiPaths.taskClaim('watchVideo'), auth)).status).toBe(200);
    expect(await task(inviter.auth, 'inviteFriends')).toMatchObject({ status: 'completed', progress: 1 });
    // And still nothing that resumes or lists.
    expect(await rowsOf(user.id)).toEqual([]);
    expect((await history(auth)).total).toBe(0);
  });

  it('off: the calls are still checked, so a locked episode is refused as before', async () => {
    const { auth } = await member();
    await setHistory(auth, false);
    const d = dramaAt(dramas, 0);
    const locked = firstLocked(d);
    refused(await call('POST', `${apiPaths.watch(d.id, locked.id)}?episodeId=${locked.id}`, auth), 403, 'VIP_REQUIRED');
    refused(await call('POST', `${apiPaths.progress(d.id)}?episodeId=${episode(dramaAt(dramas, 1), 1).id}&progress=3`, auth), 400, 'VALIDATION_FAILED');
  });

  it('off: clearing stays its own action and still works', async () => {
    const { user, auth } = await member();
    const a = dramaAt(dramas, 0);
    await watch(auth, a.id, episode(a, 1).id);
    await setHistory(auth, false);
    const removed = await call('DELETE', apiPaths.watchRecord(a.id), auth);
    expect(removed.status).toBe(200);
    expect(await rowsOf(user.id)).toEqual([]);
  });

  it('back on: the next watch, progress and merge are recorded again', async () => {
    const { auth } = await member();
    const [a, b] = [dramaAt(dramas, 0), dramaAt(dramas, 1)];
    await setHistory(auth, false);
    await watch(auth, a.id, episode(a, 1).id);
    expect((await history(auth)).total).toBe(0);

    await setHistory(auth, true);
    await watch(auth, a.id, episode(a, 2).id);
    await progress(auth, a.id, episode(a, 2).id, 12);
    expect(await merge(auth, [{ dramaId: b.id, episodeId: episode(b, 1).id, progress: 4, timestamp: Date.now() - 60_000 }])).toBe(1);
    expect(await resume(auth, a.id)).toMatchObject({ episodeId: episode(a, 2).id, progressSeconds: 12 });
    expect((await history(auth)).items.map((item) => item.dramaId)).toEqual([a.id, b.id]);
  });

  it('is each member’s own: another member with it on is still recorded', async () => {
    const quiet = await member();
    const other = await member();
    const a = dramaAt(dramas, 1);
    await setHistory(quiet.auth, false);
    await watch(quiet.auth, a.id, episode(a, 1).id);
    await watch(other.auth, a.id, episode(a, 1).id);
    await progress(other.auth, a.id, episode(a, 1).id, 5);
    expect(await merge(other.auth, [{ dramaId: dramaAt(dramas, 2).id, episodeId: episode(dramaAt(dramas, 2), 1).id, progress: 1, timestamp: Date.now() - 60_000 }])).toBe(1);
    expect((await history(quiet.auth)).total).toBe(0);
    expect(await resume(other.auth, a.id)).toMatchObject({ episodeId: episode(a, 1).id, progressSeconds: 5 });
    expect((await history(other.auth)).total).toBe(2);
  });
});
