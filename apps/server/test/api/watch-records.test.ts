import {
  apiPaths,
  type DramaDetail,
  mergeWatchRecordsResponseSchema,
  resumePointResponseSchema,
  watchRecordListResponseSchema,
  watchRecordRemovedResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { dramaAt, dramaDetails } from '../support/catalogue.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const { call, refused } = memberCalls(t);
let dramas: DramaDetail[];

beforeAll(async () => {
  dramas = await dramaDetails(t, 4, { 'accept-language': 'en-US' });
});

const drama = (index: number) => dramaAt(dramas, index);

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

async function watch(auth: Auth, dramaId: number, episodeId: number) {
  const answer = await call('POST', `${apiPaths.watch(dramaId, episodeId)}?episodeId=${episodeId}`, auth);
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body).toEqual({ success: true, data: { recorded: true } });
}

async function progress(auth: Auth, dramaId: number, episodeId: number, seconds: number) {
  return call('POST', `${apiPaths.progress(dramaId)}?episodeId=${episodeId}&progress=${seconds}`, auth);
}

async function resume(auth: Auth, dramaId: number) {
  return okData(await call('GET', apiPaths.watchRecord(dramaId), auth), resumePointResponseSchema);
}

async function history(auth: Auth, query = '') {
  return okData(await call('GET', `${apiPaths.watchRecords()}${query}`, { ...auth, 'accept-language': 'en-US' }), watchRecordListResponseSchema);
}

async function views(dramaId: number): Promise<number> {
  const row = await t.database.db.selectFrom('dramas').select('view_count').where('id', '=', dramaId).executeTakeFirstOrThrow();
  return row.view_count;
}

describe('watch records', () => {
  it('are for members only: a guest gets 401 on every call', async () => {
    const d = drama(0);
    const e = episode(d, 1);
    for (const [method, path] of [
      ['POST', apiPaths.watch(d.id, e.id)],
      ['POST', `${apiPaths.progress(d.id)}?episodeId=${e.id}&progress=5`],
      ['GET', apiPaths.watchRecords()],
      ['GET', apiPaths.watchRecord(d.id)],
      ['DELETE', apiPaths.watchRecord(d.id)],
    ] as const) {
      refused(await call(method, path), 401, 'UNAUTHORIZED');
    }
    refused(await call('POST', apiPaths.mergeWatchRecords(), {}, { records: [] }), 401, 'UNAUTHORIZED');
  });

  it('record a watch, then progress, and give the resume point', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const d = drama(0);
    const [one, two] = [episode(d, 1), episode(d, 2)];
    expect(await resume(member.auth, d.id)).toBeNull();

    await watch(member.auth, d.id, one.id);
    expect(await resume(member.auth, d.id)).toMatchObject({
      dramaId: d.id,
      episodeId: one.id,
      episodeSequence: 1,
      progressSeconds: 0,
      durationSeconds: one.durationSeconds,
    });

    expect((await progress(member.auth, d.id, one.id, 12)).status).toBe(200);
    const point = await resume(member.auth, d.id);
    expect(point).toMatchObject({ episodeId: one.id, progressSeconds: 12 });
    expect(Date.parse(point?.updatedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);

    // Starting the same episode again keeps the position; another episode starts at 0.
    await watch(member.auth, d.id, one.id);
    expect(await resume(member.auth, d.id)).toMatchObject({ episodeId: one.id, progressSeconds: 12 });
    await watch(member.auth, d.id, two.id);
    expect(await resume(member.auth, d.id)).toMatchObject({ episodeId: two.id, episodeSequence: 2, progressSeconds: 0 });

    // Progress alone also moves the record, clamped to the episode's length.
    expect((await progress(member.auth, d.id, one.id, 20_000)).status).toBe(200);
    expect(await resume(member.auth, d.id)).toMatchObject({ episodeId: one.id, progressSeconds: one.durationSeconds });
    expect((await call('GET', apiPaths.watchRecords(), member.auth)).status).toBe(200);
    const rows = await t.database.db.selectFrom('watch_records').selectAll().where('user_id', '=', member.user.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('refuse a wrong pair of drama and episode, an unknown episode, and a differing episodeId query', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const [a, b] = [drama(0), drama(1)];
    const ofB = episode(b, 1);
    refused(await call('POST', apiPaths.watch(a.id, ofB.id), member.auth), 400, 'VALIDATION_FAILED');
    refused(await progress(member.auth, a.id, ofB.id, 3), 400, 'VALIDATION_FAILED');
    refused(await call('POST', apiPaths.watch(a.id, 999_999), member.auth), 404, 'EPISODE_NOT_FOUND');
    refused(await progress(member.auth, a.id, 999_999, 3), 404, 'EPISODE_NOT_FOUND');
    const one = episode(a, 1);
    refused(await call('POST', `${apiPaths.watch(a.id, one.id)}?episodeId=${ofB.id}`, member.auth), 400, 'VALIDATION_FAILED');
    refused(await progress(member.auth, a.id, one.id, -1), 400, 'VALIDATION_FAILED');
    refused(await call('POST', `${apiPaths.progress(a.id)}?progress=3`, member.auth), 400, 'VALIDATION_FAILED');
    expect(await resume(member.auth, a.id)).toBeNull();
  });

  it('record a locked episode only for a member who may watch it', async () => {
    const d = drama(0);
    const locked = firstLocked(d);
    for (const vipDays of [undefined, -1]) {
      const member = await buildUser(t.database.db, t.ctx.tokens, { vipDays });
      refused(await call('POST', apiPaths.watch(d.id, locked.id), member.auth), 403, 'VIP_REQUIRED');
      refused(await progress(member.auth, d.id, locked.id, 5), 403, 'VIP_REQUIRED');
      expect(await resume(member.auth, d.id)).toBeNull();
    }
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 30 });
    await watch(vip.auth, d.id, locked.id);
    expect((await progress(vip.auth, d.id, locked.id, 5)).status).toBe(200);
    expect(await resume(vip.auth, d.id)).toMatchObject({
      episodeId: locked.id,
      episodeSequence: locked.sequence,
      progressSeconds: 5,
    });
  });

  it('count a view once per member, drama and day', async () => {
    const d = drama(2);
    const before = await views(d.id);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await watch(member.auth, d.id, episode(d, 1).id);
    expect(await views(d.id)).toBe(before + 1);
    await watch(member.auth, d.id, episode(d, 2).id);
    await watch(member.auth, d.id, episode(d, 1).id);
    expect((await progress(member.auth, d.id, episode(d, 1).id, 9)).status).toBe(200);
    expect(await views(d.id)).toBe(before + 1);

    const other = await buildUser(t.database.db, t.ctx.tokens);
    await watch(other.auth, d.id, episode(d, 1).id);
    expect(await views(d.id)).toBe(before + 2);

    // A day later the first member's next start counts again.
    await t.database.db
      .updateTable('watch_records')
      .set({ view_counted_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('user_id', '=', member.user.id)
      .execute();
    await watch(member.auth, d.id, episode(d, 1).id);
    expect(await views(d.id)).toBe(before + 3);
  });

  it('delete a record, idempotently', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const d = drama(1);
    await watch(member.auth, d.id, episode(d, 1).id);
    const removed = await call('DELETE', apiPaths.watchRecord(d.id), member.auth);
    expect(watchRecordRemovedResponseSchema.parse(removed.body).data).toEqual({ removed: true });
    expect(await resume(member.auth, d.id)).toBeNull();
    const again = await call('DELETE', apiPaths.watchRecord(d.id), member.auth);
    expect(watchRecordRemovedResponseSchema.parse(again.body).data).toEqual({ removed: false });
  });

  it('list the history newest first, paged and localised', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const [a, b, c] = [drama(0), drama(1), drama(2)];
    await watch(member.auth, a.id, episode(a, 1).id);
    await watch(member.auth, b.id, episode(b, 3).id);
    await watch(member.auth, c.id, episode(c, 1).id);
    expect((await progress(member.auth, a.id, episode(a, 2).id, 7)).status).toBe(200);

    const page = await history(member.auth, '?page=1&limit=2');
    expect(page).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page.items.map((item) => item.dramaId)).toEqual([a.id, c.id]);
    expect(page.items[0]).toMatchObject({
      episodeId: episode(a, 2).id,
      episodeSequence: 2,
      progressSeconds: 7,
      totalEpisodes: a.episodeCount,
      drama: { id: a.id, title: a.title, coverUrl: a.coverUrl },
    });
    const rest = await history(member.auth, '?page=2&limit=2');
    expect(rest.items.map((item) => [item.dramaId, item.episodeSequence])).toEqual([[b.id, 3]]);
  });
});

describe('merging a guest’s history', () => {
  it('adds new dramas, lets the later watch win, drops duplicates and skips what it cannot use', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const [a, b, c, d] = [drama(0), drama(1), drama(2), drama(3)];
    const now = Date.now();

    // The member's own records: a watched just now, b a day ago.
    await watch(member.auth, a.id, episode(a, 1).id);
    await watch(member.auth, b.id, episode(b, 1).id);
    await t.database.db
      .updateTable('watch_records')
      .set({ watched_at: new Date(now - 86_400_000) })
      .where('user_id', '=', member.user.id)
      .where('drama_id', '=', b.id)
      .execute();

    const answer = await call('POST', apiPaths.mergeWatchRecords(), member.auth, {
      records: [
        { dramaId: a.id, episodeId: episode(a, 3).id, progress: 4, timestamp: now - 3_600_000 }, // older than the server's
        { dramaId: b.id, episodeId: episode(b, 2).id, progress: 6, timestamp: now - 3_600_000 }, // newer: wins
        { dramaId: c.id, episodeId: episode(c, 2).id, progress: 8, timestamp: now - 7_200_000 },
        { dramaId: c.id, episodeId: episode(c, 4).id, progress: 9, timestamp: now - 60_000 }, // same drama, later
        { dramaId: c.id, episodeId: episode(c, 3).id, progress: 1, timestamp: now - 600_000 },
        { dramaId: d.id, episodeId: 999_999, progress: 1, timestamp: now }, // unknown episode
        { dramaId: d.id, episodeId: episode(a, 5).id, progress: 1, timestamp: now }, // episode of another drama
        { dramaId: d.id, episodeId: firstLocked(d).id, progress: 1, timestamp: now }, // locked, not VIP
        { dramaId: 999_998, episodeId: episode(c, 1).id, progress: 1, timestamp: now }, // unknown drama
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(mergeWatchRecordsResponseSchema.parse(answer.body).data).toEqual({ merged: 2 });

    expect(await resume(member.auth, a.id)).toMatchObject({ episodeId: episode(a, 1).id, progressSeconds: 0 });
    expect(await resume(member.auth, b.id)).toMatchObject({ episodeId: episode(b, 2).id, progressSeconds: 6 });
    const cPoint = await resume(member.auth, c.id);
    expect(cPoint).toMatchObject({ episodeId: episode(c, 4).id, progressSeconds: 9 });
    expect(Date.parse(cPoint?.updatedAt ?? '')).toBe(now - 60_000);
    expect(await resume(member.auth, d.id)).toBeNull();
    const list = await history(member.auth);
    expect(list.total).toBe(3);
    expect(list.items.map((item) => item.dramaId)).toEqual([a.id, c.id, b.id]);

    // Merging the same history again changes nothing.
    const again = await call('POST', apiPaths.mergeWatchRecords(), member.auth, {
      records: [{ dramaId: c.id, episodeId: episode(c, 4).id, progress: 9, timestamp: now - 60_000 }],
    });
    expect(mergeWatchRecordsResponseSchema.parse(again.body).data).toEqual({ merged: 0 });
  });

  it('clamps positions and future times, and takes a locked episode from a VIP', async () => {
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 7 });
    const d = drama(3);
    const locked = firstLocked(d);
    const answer = await call('POST', apiPaths.mergeWatchRecords(), vip.auth, {
      records: [{ dramaId: d.id, episodeId: locked.id, progress: 80_000, timestamp: Date.now() + 10 * 86_400_000 }],
    });
    expect(mergeWatchRecordsResponseSchema.parse(answer.body).data).toEqual({ merged: 1 });
    const point = await resume(vip.auth, d.id);
    expect(point).toMatchObject({ episodeId: locked.id, progressSeconds: locked.durationSeconds });
    expect(Date.parse(point?.updatedAt ?? '')).toBeLessThanOrEqual(Date.now());
  });

  it('refuses more than 50 entries, or malformed ones, with 400', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const d = drama(0);
    const entry = { dramaId: d.id, episodeId: episode(d, 1).id, progress: 0, timestamp: Date.now() };
    const merge = (body: unknown) => call('POST', apiPaths.mergeWatchRecords(), member.auth, body);
    refused(await merge({ records: Array.from({ length: 51 }, () => entry) }), 400, 'VALIDATION_FAILED');
    refused(await merge({ records: [{ ...entry, dramaId: 'x' }] }), 400, 'VALIDATION_FAILED');
    refused(await merge({}), 400, 'VALIDATION_FAILED');
    const fifty = await merge({ records: Array.from({ length: 50 }, () => entry) });
    expect(mergeWatchRecordsResponseSchema.parse(fifty.body).data).toEqual({ merged: 1 });
  });
});

describe('another member’s records', () => {
  it('are out of reach: not listed, not readable, not removable, not changed', async () => {
    const owner = await buildUser(t.database.db, t.ctx.tokens);
    const intruder = await buildUser(t.database.db, t.ctx.tokens);
    const d = drama(1);
    await watch(owner.auth, d.id, episode(d, 2).id);
    expect((await progress(owner.auth, d.id, episode(d, 2).id, 11)).status).toBe(200);

    expect(await history(intruder.auth)).toMatchObject({ items: [], total: 0 });
    expect(await resume(intruder.auth, d.id)).toBeNull();
    const removed = await call('DELETE', apiPaths.watchRecord(d.id), intruder.auth);
    expect(watchRecordRemovedResponseSchema.parse(removed.body).data).toEqual({ removed: false });
    // The intruder's own watch and progress make the intruder's own record.
    await watch(intruder.auth, d.id, episode(d, 1).id);
    expect((await progress(intruder.auth, d.id, episode(d, 1).id, 3)).status).toBe(200);
    await call('POST', apiPaths.mergeWatchRecords(), intruder.auth, {
      records: [{ dramaId: d.id, episodeId: episode(d, 5).id, progress: 1, timestamp: Date.now() }],
    });

    expect(await resume(owner.auth, d.id)).toMatchObject({ episodeId: episode(d, 2).id, progressSeconds: 11 });
    expect((await history(owner.auth)).items.map((item) => item.dramaId)).toEqual([d.id]);
    expect(await resume(intruder.auth, d.id)).not.toBeNull();
  });
});
