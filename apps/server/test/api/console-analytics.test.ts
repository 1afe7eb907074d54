import {
  API_BASE,
  apiPaths,
  dashboardResponseSchema,
  dramaAnalyticsListResponseSchema,
  funnelResponseSchema,
  recomputeResponseSchema,
} from '@drama/contracts';
import fc from 'fast-check';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { aggregateDay, pruneEvents } from '../../src/modules/analytics/aggregate-queries.js';
import { addDays, dayOf, dayStart } from '../../src/modules/analytics/days.js';
import { AGGREGATE_JOB } from '../../src/modules/analytics/job.js';
import { dayString } from '../../src/modules/analytics/service.js';
import type { AnalyticsEventKind } from '../../src/modules/analytics/tables.js';
import { buildUser } from '../support/factories.js';
import { membershipClient } from '../support/membership.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();

interface GeneratedEvent {
  kind: AnalyticsEventKind;
  user: number;
  episode: number;
  seconds: number;
  at: Date;
}

const ZONES = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Europe/London', 'Pacific/Kiritimati', 'America/St_Johns'];
/** Four days around the end of daylight saving in Europe and North America (23- and 25-hour days). */
const FIRST_DAY_MS = Date.UTC(2026, 9, 24);
const SPAN_MS = 5 * 86_400_000;

async function clearAnalytics(): Promise<void> {
  for (const table of ['analytics_events', 'analytics_daily', 'analytics_daily_revenue', 'analytics_daily_dramas', 'analytics_daily_episodes'] as const) {
    await t.ctx.db.deleteFrom(table).execute();
  }
}

async function dailySnapshot() {
  const db = t.ctx.db;
  const strip = <T extends Record<string, unknown>>(rows: T[]) => rows.map(({ computed_at: _computed, ...rest }) => ({ ...rest, day: dayString(rest.day) }));
  return {
    daily: strip(await db.selectFrom('analytics_daily').selectAll().orderBy('day').execute()),
    revenue: strip(await db.selectFrom('analytics_daily_revenue').selectAll().orderBy('day').orderBy('channel').orderBy('plan_id').execute()),
    dramas: strip(await db.selectFrom('analytics_daily_dramas').selectAll().orderBy('day').orderBy('drama_id').execute()),
    episodes: strip(await db.selectFrom('analytics_daily_episodes').selectAll().orderBy('day').orderBy('episode_id').execute()),
  };
}

describe('the daily aggregation', () => {
  let episodes: Array<{ id: number; drama_id: number; duration_seconds: number }> = [];
  let users: number[] = [];
  beforeAll(async () => {
    episodes = (await t.ctx.db.selectFrom('episodes').select(['id', 'drama_id', 'duration_seconds']).orderBy('id').limit(6).execute()).map((episode) => ({ ...episode }));
    users = [];
    for (let index = 0; index < 5; index += 1) users.push((await buildUser(t.ctx.db, t.ctx.tokens)).user.id);
  });

  const eventArbitrary = () =>
    fc.record({
      kind: fc.constantFrom<AnalyticsEventKind>('play', 'play', 'progress', 'progress', 'complete', 'paywall'),
      user: fc.integer({ min: 0, max: 5 }),
      episode: fc.integer({ min: 0, max: 5 }),
      seconds: fc.integer({ min: 0, max: 400 }),
      offsetMs: fc.integer({ min: 0, max: SPAN_MS - 1 }),
    });

  it('gives the figures that counting the raw events gives, in every time zone', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(eventArbitrary(), { minLength: 1, maxLength: 60 }), fc.constantFrom(...ZONES), async (raw, zone) => {
        await clearAnalytics();
        const events: GeneratedEvent[] = raw.map((event) => ({
          kind: event.kind,
          // Index 5 is a guest's paywall hit (no member); other kinds need a member.
          user: event.user === 5 && event.kind !== 'paywall' ? 0 : event.user,
          episode: event.episode,
          seconds: event.kind === 'progress' || event.kind === 'complete' ? event.seconds : 0,
          at: new Date(FIRST_DAY_MS + event.offsetMs),
        }));
        const userId = (index: number) => (index === 5 ? null : (users[index] as number));
        const episodeOf = (index: number) => episodes[index % episodes.length] as (typeof episodes)[number];
        await t.ctx.db
          .insertInto('analytics_events')
          .values(events.map((event) => ({ kind: event.kind, user_id: userId(event.user), drama_id: episodeOf(event.episode).drama_id, episode_id: episodeOf(event.episode).id, seconds: event.seconds, occurred_at: event.at })))
          .execute();

        const days = [...new Set(events.map((event) => dayOf(event.at, zone)))].sort();
        const now = new Date(FIRST_DAY_MS + 30 * 86_400_000);
        for (const day of days) await aggregateDay(t.ctx.db, day, zone, now);

        for (const day of days) {
          const start = dayStart(day, zone).getTime();
          const end = dayStart(addDays(day, 1), zone).getTime();
          expect(end - start).toBeGreaterThanOrEqual(23 * 3_600_000);
          const ofDay = events.filter((event) => dayOf(event.at, zone) === day);
          expect(ofDay.every((event) => event.at.getTime() >= start && event.at.getTime() < end)).toBe(true);
          const viewing = ofDay.filter((event) => event.kind !== 'paywall' && event.user !== 5);
          const furthest = new Map<string, number>();
          for (const event of viewing.filter((e) => e.kind !== 'play')) {
            const key = `${event.user}:${episodeOf(event.episode).id}`;
            furthest.set(key, Math.max(furthest.get(key) ?? 0, event.seconds));
          }
          const completions = new Set(viewing.filter((e) => e.kind === 'complete').map((e) => `${e.user}:${episodeOf(e.episode).id}`));
          const expected = {
            plays: ofDay.filter((event) => event.kind === 'play').length,
            active_viewers: new Set(viewing.map((event) => event.user)).size,
            watch_seconds: [...furthest.values()].reduce((sum, value) => sum + value, 0),
            completions: completions.size,
            paywall_hits: ofDay.filter((event) => event.kind === 'paywall').length,
          };
          const row = await t.ctx.db.selectFrom('analytics_daily').selectAll().where('day', '=', day).executeTakeFirstOrThrow();
          expect({
            plays: row.plays,
            active_viewers: row.active_viewers,
            watch_seconds: Number(row.watch_seconds),
            completions: row.completions,
            paywall_hits: row.paywall_hits,
          }, `${zone} ${day}`).toEqual(expected);

          // Per episode: the funnel's rows.
          const episodeRows = await t.ctx.db.selectFrom('analytics_daily_episodes').selectAll().where('day', '=', day).execute();
          for (const episode of episodes) {
            const mine = ofDay.filter((event) => episodeOf(event.episode).id === episode.id);
            const watchers = new Set(mine.filter((event) => event.kind !== 'paywall' && event.user !== 5).map((event) => event.user));
            const hits = mine.filter((event) => event.kind === 'paywall');
            const found = episodeRows.find((candidate) => candidate.episode_id === episode.id);
            if (mine.length === 0) {
              expect(found, `${zone} ${day} episode ${episode.id}`).toBeUndefined();
              continue;
            }
            const completionSum = [...watchers].reduce(
              (sum, user) => sum + (episode.duration_seconds > 0 ? Math.min(1, (furthest.get(`${user}:${episode.id}`) ?? 0) / episode.duration_seconds) : 0),
              0,
            );
            expect(found, `${zone} ${day} episode ${episode.id}`).toMatchObject({
              viewers: watchers.size,
              plays: mine.filter((event) => event.kind === 'play').length,
              completions: [...completions].filter((key) => key.endsWith(`:${episode.id}`)).length,
              paywall_hits: hits.length,
              paywall_members: new Set(hits.filter((event) => event.user !== 5).map((event) => event.user)).size,
              paywall_buyers: 0,
            });
            expect(found?.completion_sum ?? 0).toBeCloseTo(completionSum, 6);
          }
          // Per drama: distinct viewers of any of its episodes.
          const dramaRows = await t.ctx.db.selectFrom('analytics_daily_dramas').selectAll().where('day', '=', day).execute();
          for (const dramaId of new Set(episodes.map((episode) => episode.drama_id))) {
            const watchers = new Set(viewing.filter((event) => episodeOf(event.episode).drama_id === dramaId).map((event) => event.user));
            expect(dramaRows.find((candidate) => candidate.drama_id === dramaId)?.viewers ?? 0, `${zone} ${day} drama ${dramaId}`).toBe(watchers.size);
          }
        }
        // Every day's events are in the day they belong to, and none are counted twice.
        const totals = await sql<{ plays: string }>`select coalesce(sum(plays), 0) as plays from analytics_daily`.execute(t.ctx.db);
        expect(Number(totals.rows[0]?.plays)).toBe(events.filter((event) => event.kind === 'play').length);
      }),
      { numRuns: 25 },
    );
  }, 240_000);

  it('changes nothing when a day is run again, and replaces the day when events came since', async () => {
    await clearAnalytics();
    const zone = 'Asia/Shanghai';
    const now = new Date(FIRST_DAY_MS + 30 * 86_400_000);
    const [first, second] = episodes as [(typeof episodes)[number], (typeof episodes)[number]];
    const at = (hours: number) => new Date(FIRST_DAY_MS + hours * 3_600_000);
    await t.ctx.db
      .insertInto('analytics_events')
      .values([
        { kind: 'play', user_id: users[0] as number, drama_id: first.drama_id, episode_id: first.id, occurred_at: at(2) },
        { kind: 'progress', user_id: users[0] as number, drama_id: first.drama_id, episode_id: first.id, seconds: 30, occurred_at: at(2.1) },
        { kind: 'play', user_id: users[1] as number, drama_id: second.drama_id, episode_id: second.id, occurred_at: at(20) },
        { kind: 'paywall', user_id: null, drama_id: second.drama_id, episode_id: second.id, occurred_at: at(21) },
      ])
      .execute();
    const days = [dayOf(at(2), zone), dayOf(at(20), zone), dayOf(at(21), zone)];
    for (const day of days) await aggregateDay(t.ctx.db, day, zone, now);
    const once = await dailySnapshot();
    for (const day of days) await aggregateDay(t.ctx.db, day, zone, now);
    expect(await dailySnapshot()).toEqual(once);
    expect(once.daily.reduce((sum, row) => sum + Number(row.plays), 0)).toBe(2);

    await t.ctx.db.insertInto('analytics_events').values({ kind: 'play', user_id: users[2] as number, drama_id: first.drama_id, episode_id: first.id, occurred_at: at(2.5) }).execute();
    await aggregateDay(t.ctx.db, dayOf(at(2.5), zone), zone, now);
    const after = await dailySnapshot();
    expect(after.daily.find((row) => row.day === dayOf(at(2), zone))?.active_viewers).toBe(2);
  });

  it('prunes raw events older than the kept days and keeps the rest', async () => {
    await clearAnalytics();
    const now = new Date(FIRST_DAY_MS + 200 * 86_400_000);
    const [first] = episodes as [(typeof episodes)[number]];
    const ago = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await t.ctx.db
      .insertInto('analytics_events')
      .values([91, 90.5, 89, 1].map((days) => ({ kind: 'play' as const, user_id: users[0] as number, drama_id: first.drama_id, episode_id: first.id, occurred_at: ago(days) })))
      .execute();
    expect(await pruneEvents(t.ctx.db, 90, now)).toBe(2);
    const left = await t.ctx.db.selectFrom('analytics_events').select('occurred_at').execute();
    expect(left).toHaveLength(2);
    expect(await pruneEvents(t.ctx.db, 90, now)).toBe(0);
  });
});

describe('the console calls', () => {
  const callers = new Map<string, ConsoleCaller>();
  const api = membershipClient(t);
  let dramaId = 0;
  let freeEpisode = { id: 0, duration: 0 };
  let lockedEpisode = 0;

  beforeAll(async () => {
    await clearAnalytics();
    for (const role of ['owner', 'content', 'support', 'finance'] as const) callers.set(role, await consoleAs(t, role));
    const drama = await t.ctx.db
      .selectFrom('dramas as d')
      .innerJoin('episodes as e', 'e.drama_id', 'd.id')
      .select(['d.id'])
      .where('d.status', '=', 'published')
      .where('e.is_free', '=', false)
      .orderBy('d.id')
      .executeTakeFirstOrThrow();
    dramaId = drama.id;
    const episodes = await t.ctx.db.selectFrom('episodes').select(['id', 'is_free', 'duration_seconds']).where('drama_id', '=', dramaId).orderBy('sequence').execute();
    const free = episodes.find((episode) => episode.is_free);
    freeEpisode = { id: free?.id ?? 0, duration: free?.duration_seconds ?? 0 };
    lockedEpisode = episodes.find((episode) => !episode.is_free)?.id ?? 0;

    // Two members watch the free episode; one finishes it, hits the paywall and buys; a guest hits it too.
    const buyer = await buildUser(t.ctx.db, t.ctx.tokens);
    const watcher = await buildUser(t.ctx.db, t.ctx.tokens);
    for (const member of [buyer, watcher]) {
      const watched = await t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.watch(dramaId, freeEpisode.id)}`, headers: member.auth });
      expect(watched.statusCode, watched.body).toBe(200);
    }
    const progress = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.progress(dramaId)}?episodeId=${freeEpisode.id}&progress=${freeEpisode.duration}`,
      headers: buyer.auth,
    });
    expect(progress.statusCode, progress.body).toBe(200);
    const refused = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.play(lockedEpisode)}`, headers: buyer.auth });
    expect(refused.statusCode).toBe(403);
    const guest = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.play(lockedEpisode)}` });
    expect(guest.statusCode).toBe(401);
    const plan = await api.plan('month');
    const created = await api.createOrder(buyer.auth, { planId: plan.id, channel: 'alipay' });
    expect((await api.checkout(created.order.orderNo, 'success')).status).toBe(200);
  });

  const call = (role: string, method: 'GET' | 'POST', url: string, payload?: object) =>
    t.server.inject({ method, url: `${API_BASE}/console${url}`, headers: (callers.get(role) as ConsoleCaller).headers, ...(payload ? { payload } : {}) });

  it('lets only the owner recompute, and writes an audit row', async () => {
    for (const role of ['content', 'support', 'finance']) {
      const refused = await call(role, 'POST', '/analytics/recompute', {});
      expect(refused.statusCode, role).toBe(403);
    }
    const answer = await call('owner', 'POST', '/analytics/recompute', {});
    expect(answer.statusCode, answer.body).toBe(200);
    const result = recomputeResponseSchema.parse(answer.json()).data;
    expect(result.days).toHaveLength(3);
    const audit = await t.ctx.db.selectFrom('audit_log').select('action').where('action', '=', 'analytics.recompute').execute();
    expect(audit).toHaveLength(1);
  });

  it('shows the dashboard to every role, with money for finance and the owner only', async () => {
    for (const role of ['owner', 'content', 'support', 'finance']) {
      const answer = await call(role, 'GET', '/analytics/dashboard?period=today');
      expect(answer.statusCode, answer.body).toBe(200);
      const dashboard = dashboardResponseSchema.parse(answer.json()).data;
      expect(dashboard.figures.plays, role).toBe(2);
      expect(dashboard.figures.activeViewers, role).toBe(2);
      expect(dashboard.figures.paywallHits, role).toBe(2);
      expect(dashboard.series).toHaveLength(30);
      expect(dashboard.topDramas[0]?.dramaId).toBe(dramaId);
      const money = role === 'owner' || role === 'finance';
      expect(dashboard.money, role).toBe(money);
      if (money) {
        expect(dashboard.figures.revenueFen).toBeGreaterThan(0);
        expect(dashboard.figures.payingMembers).toBe(1);
        expect(dashboard.figures.conversion).toBe(0.5);
        expect(dashboard.revenueByChannel?.[0]?.key).toBe('alipay');
        expect(dashboard.revenueByPlan?.[0]?.key).toBe('month');
      } else {
        expect(answer.body).not.toContain('"revenueFen":1');
        expect(dashboard.figures.revenueFen).toBeNull();
        expect(dashboard.figures.payingMembers).toBeNull();
        expect(dashboard.figures.conversion).toBeNull();
        expect(dashboard.revenueByChannel).toBeNull();
        expect(dashboard.revenueByPlan).toBeNull();
        expect(dashboard.series.every((point) => point.revenueFen === null)).toBe(true);
      }
    }
    const week = dashboardResponseSchema.parse((await call('finance', 'GET', '/analytics/dashboard?period=7d')).json()).data;
    expect(week.current.to).toBe(dayOf(t.ctx.clock(), t.ctx.config.APP_TIMEZONE));
    expect(week.previous.to).toBe(addDays(week.current.from, -1));
    expect(week.figures.activeViewers).toBe(2);
    expect(week.previousFigures.plays).toBe(0);
  });

  it('gives content the drama funnel: views, completion, the paywall and who bought within a day', async () => {
    const answer = await call('content', 'GET', `/analytics/dramas/${dramaId}/funnel?days=7`);
    expect(answer.statusCode, answer.body).toBe(200);
    const funnel = funnelResponseSchema.parse(answer.json()).data;
    const first = funnel.episodes.find((episode) => episode.episodeId === freeEpisode.id);
    expect(first).toMatchObject({ viewers: 2, plays: 2, completions: 1 });
    expect(first?.averageCompletion).toBeCloseTo(0.5, 5);
    expect(funnel.paywall).toMatchObject({ episodeId: lockedEpisode, hits: 2, members: 1, buyers: 1, conversion: 1 });
    expect(funnel.totals).toMatchObject({ viewers: 2, plays: 2 });
    expect(funnel.episodes[1]?.dropOff).toBe(1);

    for (const role of ['support', 'finance']) expect((await call(role, 'GET', `/analytics/dramas/${dramaId}/funnel`)).statusCode, role).toBe(403);
    expect((await call('content', 'GET', '/analytics/dramas/987654/funnel')).statusCode).toBe(404);
    expect((await call('content', 'GET', `/analytics/dramas/${dramaId}/funnel?days=8`)).statusCode).toBe(400);
  });

  it('lists dramas sortable by each figure, for content only', async () => {
    for (const sort of ['viewers', 'plays', 'watchMinutes', 'averageCompletion', 'paywallHits', 'paywallConversion', 'likes', 'favorites']) {
      const answer = await call('content', 'GET', `/analytics/dramas?days=30&sort=${sort}&order=desc&limit=5`);
      expect(answer.statusCode, answer.body).toBe(200);
      const list = dramaAnalyticsListResponseSchema.parse(answer.json()).data;
      expect(list.items.length).toBeGreaterThan(0);
      if (sort === 'viewers' || sort === 'paywallHits') expect(list.items[0]?.dramaId).toBe(dramaId);
    }
    const ascending = dramaAnalyticsListResponseSchema.parse((await call('content', 'GET', '/analytics/dramas?sort=plays&order=asc&limit=100')).json()).data;
    expect(ascending.items.at(-1)?.dramaId).toBe(dramaId);
    expect(ascending.total).toBe(ascending.items.length);
    for (const role of ['support', 'finance']) expect((await call(role, 'GET', '/analytics/dramas')).statusCode, role).toBe(403);
  });

  it('keeps revenue gross and counts a refund on the day the channel confirmed it', async () => {
    const today = async (role: string) => dashboardResponseSchema.parse((await call(role, 'GET', '/analytics/dashboard?period=today')).json()).data.figures;
    const before = await today('finance');
    expect(before.refundsFen).toBe(0);
    const order = await t.ctx.db.selectFrom('orders').select(['id', 'amount_fen']).where('status', '=', 'success').orderBy('id').executeTakeFirstOrThrow();
    const refund = { order_id: order.id, amount_fen: Math.min(500, order.amount_fen), reason: 'double charge', channel_refund_no: 'r-1' };
    await t.ctx.db.insertInto('refunds').values([
      { ...refund, refund_no: 'RF-ANALYTICS-1', status: 'succeeded', completed_at: t.ctx.clock() },
      // Asked for but not confirmed, or refused: no money went back.
      { ...refund, refund_no: 'RF-ANALYTICS-2', status: 'processing' },
      { ...refund, refund_no: 'RF-ANALYTICS-3', status: 'failed', completed_at: t.ctx.clock() },
    ]).execute();
    expect((await call('owner', 'POST', '/analytics/recompute', {})).statusCode).toBe(200);

    const after = await today('finance');
    expect(after.revenueFen).toBe(before.revenueFen);
    expect(after.paidOrders).toBe(before.paidOrders);
    expect(after.refundsFen).toBe(refund.amount_fen);
    expect(after.refunds).toBe(1);
    const content = await today('content');
    expect(content.refundsFen).toBeNull();
    expect(content.refunds).toBeNull();
  });

  it('reuses an answer until the scheduled aggregation runs, which drops it on that instance', async () => {
    const plays = async () => dashboardResponseSchema.parse((await call('content', 'GET', '/analytics/dashboard?period=today')).json()).data.figures.plays;
    const funnelViewers = async () =>
      funnelResponseSchema.parse((await call('content', 'GET', `/analytics/dramas/${dramaId}/funnel?days=7`)).json()).data.totals.viewers;
    const before = await plays();
    const viewersBefore = await funnelViewers();
    const late = await buildUser(t.ctx.db, t.ctx.tokens);
    const watched = await t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.watch(dramaId, freeEpisode.id)}`, headers: late.auth });
    expect(watched.statusCode, watched.body).toBe(200);
    // The event is recorded, but the daily tables (and so the answers) wait for the aggregation.
    expect(await plays()).toBe(before);
    expect(await funnelViewers()).toBe(viewersBefore);
    await t.ctx.jobs.send(AGGREGATE_JOB, {});
    await expect.poll(plays, { timeout: 15_000, interval: 200 }).toBe(before + 1);
    expect(await funnelViewers()).toBe(viewersBefore + 1);
  });
});
