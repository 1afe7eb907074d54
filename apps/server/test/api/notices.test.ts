import {
  apiPaths,
  type Notice,
  noticeListResponseSchema,
  noticeReadResponseSchema,
  noticeTarget,
  noticeUnreadResponseSchema,
} from '@drama/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type NoticeService, noticesOf } from '../../src/modules/notices/service.js';
import type { NewNotice } from '../../src/modules/notices/sink.js';
import { adminAuth } from '../support/admin-auth.js';
import { okData } from '../support/answers.js';
import { DAY_MS, membershipClient, usePlanIds } from '../support/membership.js';
import { type Auth, memberCalls } from '../support/member-calls.js';
import { makeCodes } from '../support/operator-acts.js';
import { consoleAs } from '../support/operators.js';
import { startedPerFile } from '../support/per-file.js';
import { useTestApp } from '../support/test-app.js';

/** The notification centre: who is told of what, once, under which switch; and only the member reads theirs. */

const t = useTestApp();
/** A second instance on the same database, as two servers behind one address run. */
const second = startedPerFile<App>(
  'the second instance',
  async () => {
    const app = await buildApp({ config: t.ctx.config, database: t.database, logger: false });
    await app.server.ready();
    return app;
  },
  (app) => app.server.close(),
);
const { call, refused, member } = memberCalls(t);
const payments = membershipClient(t);
const plans = usePlanIds(payments);

/** What the sinks were handed, in this instance. */
const delivered: NewNotice[] = [];
const recorder = { delivered: async (notices: readonly NewNotice[]) => void delivered.push(...notices) };
let sinkAdded = false;
function notices(): NoticeService {
  const service = noticesOf(t.ctx);
  if (!service) throw new Error('no notices service');
  if (!sinkAdded) {
    service.addSink(recorder);
    // A sink that throws must not fail the change nor keep the others from their notices.
    service.addSink({ delivered: () => Promise.reject(new Error('push service down')) });
    sinkAdded = true;
  }
  return service;
}

async function list(auth: Auth): Promise<Notice[]> {
  return okData(await call('GET', `${apiPaths.notices()}?limit=100`, auth), noticeListResponseSchema).items;
}
async function unread(auth: Auth): Promise<number> {
  return okData(await call('GET', apiPaths.noticesUnread(), auth), noticeUnreadResponseSchema).unread;
}
async function switchOff(auth: Auth, which: 'updates' | 'messages') {
  expect((await call('PATCH', apiPaths.userSettings(), auth, { notifications: { [which]: false } })).status).toBe(200);
}

/** Two visible episodes of one seeded drama, and the drama. */
async function dramaWithEpisodes(skip: number) {
  const rows = await t.database.db
    .selectFrom('episodes as e')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .select(['e.id', 'e.drama_id', 'e.sequence'])
    .where('d.status', '=', 'published')
    .where('e.status', '=', 'published')
    .where('e.media_status', '=', 'ready')
    .orderBy('e.drama_id')
    .orderBy('e.sequence')
    .execute();
  const dramaIds = [...new Set(rows.map((row) => row.drama_id))];
  const dramaId = dramaIds[skip]!;
  return { dramaId, episodes: rows.filter((row) => row.drama_id === dramaId) };
}

async function setEpisodeStatus(episodeId: number, status: 'published' | 'unpublished') {
  const content = await consoleAs(t, 'content');
  const response = await t.server.inject({
    method: 'PUT',
    url: `/api/v1/console/episodes/${episodeId}/status`,
    headers: content.headers,
    payload: { status },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('new episodes', () => {
  it('a publish makes one notice per favouriting member with updates on, none with it off, and no second that day', async () => {
    notices();
    const { dramaId, episodes } = await dramaWithEpisodes(0);
    const [first, next] = [episodes.at(-1)!, episodes.at(-2)!];
    const fans = await Promise.all([member(), member(), member()]);
    const [a, b, off] = fans;
    const stranger = await member();
    for (const fan of fans) expect((await call('POST', apiPaths.favorite(dramaId), fan.auth)).status).toBe(200);
    await switchOff(off!.auth, 'updates');

    await setEpisodeStatus(first.id, 'unpublished');
    expect(await unread(a!.auth)).toBe(0);
    await setEpisodeStatus(first.id, 'published');

    for (const fan of [a!, b!]) {
      const items = await list(fan.auth);
      expect(items).toHaveLength(1);
      expect(items[0]).toMatchObject({ kind: 'new-episode', read: false, values: { dramaId, episodeId: first.id, sequence: first.sequence } });
      expect(items[0]!.drama).toMatchObject({ id: dramaId });
      expect(items[0]!.drama!.title.length).toBeGreaterThan(0);
      expect(noticeTarget(items[0]!.kind, items[0]!.values)).toBe(`/player/${dramaId}?episode=${first.id}`);
      expect(await unread(fan.auth)).toBe(1);
    }
    expect(await list(off!.auth)).toEqual([]);
    expect(await list(stranger.auth)).toEqual([]);
    const rows = await t.database.db.selectFrom('notices').select('user_id').where('kind', '=', 'new-episode').where(sqlDrama(dramaId)).execute();
    expect(rows.map((row) => row.user_id).sort()).toEqual([a!.user.id, b!.user.id].sort());

    // Another episode of the same drama the same day, and the same one published again: nothing more.
    await setEpisodeStatus(next.id, 'unpublished');
    await setEpisodeStatus(next.id, 'published');
    await setEpisodeStatus(first.id, 'unpublished');
    await setEpisodeStatus(first.id, 'published');
    expect(await list(a!.auth)).toHaveLength(1);
    await expect.poll(() => delivered.filter((n) => n.kind === 'new-episode' && n.values.dramaId === dramaId).length).toBe(2);
  });
});

describe('a drama back on schedule', () => {
  it('tells the members who kept it of its newest episode when it comes out, not before, once', async () => {
    notices();
    // The release job runs on either instance, which hands the notices to its own sinks.
    const deliveredOnSecond: NewNotice[] = [];
    noticesOf(second.ctx)?.addSink({ delivered: async (made) => void deliveredOnSecond.push(...made) });
    const { dramaId, episodes } = await dramaWithEpisodes(1);
    const newest = episodes.at(-1)!;
    const [fan, off] = await Promise.all([member(), member()]);
    for (const one of [fan, off]) expect((await call('POST', apiPaths.favorite(dramaId), one!.auth)).status).toBe(200);
    await switchOff(off!.auth, 'updates');

    const content = await consoleAs(t, 'content');
    const publishAt = new Date(Date.now() + 1_500);
    const scheduled = await t.server.inject({
      method: 'POST',
      url: `/api/v1/console/dramas/${dramaId}/status`,
      headers: content.headers,
      payload: { status: 'scheduled', publishAt: publishAt.toISOString() },
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(await list(fan!.auth)).toEqual([]);

    // The release job queued with the schedule publishes it at its time.
    await expect.poll(() => list(fan!.auth), { timeout: 15_000, interval: 100 }).toHaveLength(1);
    const items = await list(fan!.auth);
    expect(items[0]).toMatchObject({ kind: 'new-episode', values: { dramaId, episodeId: newest.id, sequence: newest.sequence } });
    expect(await list(off!.auth)).toEqual([]);
    expect(await list(fan!.auth)).toHaveLength(1);
    const toFan = () => [...delivered, ...deliveredOnSecond].filter((n) => n.kind === 'new-episode' && n.values.dramaId === dramaId && n.userId === fan!.user.id);
    await expect.poll(() => toFan().length).toBe(1);
  });
});

function sqlDrama(dramaId: number) {
  return sql<boolean>`data->>'dramaId' = ${String(dramaId)}`;
}

describe('messages', () => {
  it("a feedback reply, from a console session or an operator's API token, tells its author when messages are on", async () => {
    notices();
    const on = await member();
    const off = await member();
    await switchOff(off.auth, 'messages');
    const support = await consoleAs(t, 'support');
    const admin = await adminAuth(t);
    for (const who of [on, off]) {
      const made = await call('POST', apiPaths.feedback(), who.auth, { type: 'general', content: 'The subtitles are late' });
      expect(made.status, JSON.stringify(made.body)).toBe(200);
      const id = (made.body as { data: { id: number } }).data.id;
      const replied = await t.server.inject({ method: 'POST', url: `/api/v1/console/feedback/${id}/reply`, headers: support.headers, payload: { content: 'Fixed' } });
      expect(replied.statusCode, replied.body).toBe(200);
      expect((await call('POST', apiPaths.consoleFeedbackReply(id), admin, { content: 'Fixed for good' })).status).toBe(200);
    }
    const items = await list(on.auth);
    expect(items.map((item) => item.kind)).toEqual(['feedback-reply', 'feedback-reply']);
    expect(items[0]!.drama).toBeNull();
    expect(noticeTarget('feedback-reply', items[0]!.values)).toBe(`/feedback/${items[0]!.values.feedbackId}`);
    expect(await list(off.auth)).toEqual([]);
  });

  it('an order’s result tells its member: paid and failed, not with messages off', async () => {
    notices();
    const on = await member();
    const off = await member();
    await switchOff(off.auth, 'messages');
    for (const who of [on, off]) {
      const paid = await payments.createOrder(who.auth, { planId: plans.week, channel: 'alipay' });
      expect((await payments.checkout(paid.order.orderNo, 'success')).status).toBe(200);
      const failed = await payments.createOrder(who.auth, { planId: plans.month, channel: 'wechat' });
      expect((await payments.checkout(failed.order.orderNo, 'fail')).status).toBe(200);
      // Paying a settled order again is refused and tells nothing.
      expect((await payments.checkout(paid.order.orderNo, 'success')).status).toBe(409);
    }
    const items = await list(on.auth);
    expect(items.map((item) => [item.kind, item.values.status])).toEqual([
      ['order-result', 'failed'],
      ['order-result', 'success'],
    ]);
    expect(noticeTarget('order-result', items[0]!.values)).toBe(`/orders/${items[0]!.values.orderId}`);
    expect(await list(off.auth)).toEqual([]);
  });

  it('a redeemed code tells its member what it gave, not with messages off, and a refused code tells nothing', async () => {
    notices();
    const finance = await adminAuth(t, 'finance');
    const codes = await makeCodes(t, { type: 'points', value: 40, count: 3 }, { auth: finance });
    const on = await member();
    const off = await member();
    await switchOff(off.auth, 'messages');
    expect((await call('POST', apiPaths.redeem(), on.auth, { code: codes[0] })).status).toBe(200);
    expect((await call('POST', apiPaths.redeem(), on.auth, { code: codes[0] })).status).not.toBe(200);
    expect((await call('POST', apiPaths.redeem(), off.auth, { code: codes[1] })).status).toBe(200);
    const [vip] = await makeCodes(t, { type: 'vip_days', value: 7, count: 1 }, { auth: finance });
    expect((await call('POST', apiPaths.redeem(), on.auth, { code: vip })).status).toBe(200);
    const items = await list(on.auth);
    expect(items.map((item) => item.values)).toEqual([
      { kind: 'vip', value: 7 },
      { kind: 'points', value: 40 },
    ]);
    expect(items[0]!.kind).toBe('redeem-result');
    expect(await list(off.auth)).toEqual([]);
  });
});

describe('VIP reminders', () => {
  it('are made once per member and expiry by the job, run by two instances at once and again', async () => {
    const three = await member();
    const lastDay = await member();
    const later = await member();
    const off = await member();
    await switchOff(off.auth, 'messages');
    const now = Date.now();
    const set = (id: number, at: Date) => t.database.db.updateTable('users').set({ vip_level: 1, vip_expire_time: at }).where('id', '=', id).execute();
    await set(three.user.id, new Date(now + 3 * DAY_MS + 60_000));
    await set(lastDay.user.id, new Date(now + 2_000));
    await set(later.user.id, new Date(now + 10 * DAY_MS));
    await set(off.user.id, new Date(now + 3 * DAY_MS + 60_000));

    const services = [noticesOf(t.ctx)!, noticesOf(second.ctx)!];
    expect(services[0]).not.toBe(services[1]);
    for (let round = 0; round < 3; round += 1) await Promise.all(services.map((service) => service.vipEndings()));

    const threeItems = await list(three.auth);
    expect(threeItems).toHaveLength(1);
    expect(threeItems[0]).toMatchObject({ kind: 'vip-ending', values: { daysLeft: 3 } });
    expect(new Date(String(threeItems[0]!.values.expiresAt)).getTime()).toBe(now + 3 * DAY_MS + 60_000);
    expect((await list(lastDay.auth)).map((item) => item.values.daysLeft)).toEqual([0]);
    expect(await list(later.auth)).toEqual([]);
    expect(await list(off.auth)).toEqual([]);
    expect(noticeTarget('vip-ending', threeItems[0]!.values)).toBe('/membership');

    // A renewal moves the expiry: its own reminder comes when due.
    await set(three.user.id, new Date(now + 3 * DAY_MS + 120_000));
    await Promise.all(services.map((service) => service.vipEndings()));
    expect(await list(three.auth)).toHaveLength(2);
  });

  it('runs as a job the queue has scheduled', async () => {
    const rows = await t.database.db.selectFrom('pgboss.schedule' as never).select('name' as never).execute().catch(() => []);
    expect(JSON.stringify(rows)).toContain('notices.vip-ending');
  });
});

describe('reading', () => {
  it('lists newest first, marks one and all read, and a member cannot read or mark another’s', async () => {
    notices();
    const codes = await makeCodes(t, { type: 'points', value: 5, count: 3 }, { auth: await adminAuth(t, 'finance') });
    const owner = await member();
    const other = await member();
    for (const code of codes) expect((await call('POST', apiPaths.redeem(), owner.auth, { code })).status).toBe(200);
    const items = await list(owner.auth);
    expect(items.map((item) => item.id)).toEqual([...items.map((item) => item.id)].sort((x, y) => y - x));
    const paged = okData(await call('GET', `${apiPaths.notices()}?page=2&limit=2`, owner.auth), noticeListResponseSchema);
    expect(paged).toMatchObject({ page: 2, limit: 2, total: 3 });
    expect(paged.items.map((item) => item.id)).toEqual([items[2]!.id]);

    refused(await call('POST', apiPaths.noticeRead(items[0]!.id), other.auth), 404, 'NOTICE_NOT_FOUND');
    expect(okData(await call('POST', apiPaths.noticesReadAll(), other.auth), noticeReadResponseSchema).marked).toBe(0);
    expect(await unread(owner.auth)).toBe(3);
    expect(await list(other.auth)).toEqual([]);

    expect(okData(await call('POST', apiPaths.noticeRead(items[0]!.id), owner.auth), noticeReadResponseSchema).marked).toBe(1);
    expect(okData(await call('POST', apiPaths.noticeRead(items[0]!.id), owner.auth), noticeReadResponseSchema).marked).toBe(0);
    expect(await unread(owner.auth)).toBe(2);
    expect((await list(owner.auth)).map((item) => item.read)).toEqual([true, false, false]);
    expect(okData(await call('POST', apiPaths.noticesReadAll(), owner.auth), noticeReadResponseSchema).marked).toBe(2);
    expect(await unread(owner.auth)).toBe(0);
  });

  it('refuses guests and bad input with the error envelope', async () => {
    const { auth } = await member();
    refused(await call('GET', apiPaths.notices()), 401, 'UNAUTHORIZED');
    refused(await call('GET', apiPaths.noticesUnread()), 401, 'UNAUTHORIZED');
    refused(await call('POST', apiPaths.noticesReadAll()), 401, 'UNAUTHORIZED');
    refused(await call('POST', apiPaths.noticeRead(1)), 401, 'UNAUTHORIZED');
    for (const query of ['page=0', 'limit=101', 'limit=abc', 'page=-1']) {
      refused(await call('GET', `${apiPaths.notices()}?${query}`, auth), 400, 'VALIDATION_FAILED');
    }
    for (const id of ['0', '-3', 'abc', '1.5', '99999999999']) {
      refused(await call('POST', `/client/notices/${id}/read`, auth), 400, 'VALIDATION_FAILED');
    }
    refused(await call('POST', apiPaths.noticeRead(2_000_000_000), auth), 404, 'NOTICE_NOT_FOUND');
  });
});
