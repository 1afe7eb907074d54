import { API_BASE, apiPaths, dashboardResponseSchema, errorEnvelopeSchema, funnelResponseSchema, paywallSeenResponseSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

/*
 * The player never asks for the address of an episode it knows is locked for the viewer; it
 * reports the gate it shows instead, so that the console's funnel counts those paywall hits too.
 */
const t = useTestApp();
let dramaId: number;
let locked: number[];
let free: number;

beforeAll(async () => {
  const drama = await t.ctx.db
    .selectFrom('dramas')
    .select('id')
    .where((eb) => eb.exists(eb.selectFrom('episodes').select('id').whereRef('episodes.drama_id', '=', 'dramas.id').where('is_free', '=', false)))
    .orderBy('id')
    .executeTakeFirstOrThrow();
  dramaId = drama.id;
  const episodes = await t.ctx.db.selectFrom('episodes').select(['id', 'is_free']).where('drama_id', '=', dramaId).orderBy('sequence').execute();
  locked = episodes.filter((episode) => !episode.is_free).map((episode) => episode.id);
  free = episodes.find((episode) => episode.is_free)?.id ?? 0;
  expect(locked.length).toBeGreaterThanOrEqual(2);
});

const seen = (episodeId: number, options: { auth?: Record<string, string>; ip?: string } = {}) =>
  t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.paywallSeen(episodeId)}`, headers: options.auth, remoteAddress: options.ip ?? '127.0.0.1' });

const hits = async (episodeId: number) =>
  (
    await t.ctx.db
      .selectFrom('analytics_events')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('kind', '=', 'paywall')
      .where('episode_id', '=', episodeId)
      .executeTakeFirstOrThrow()
  ).count;

const recorded = async (answer: Awaited<ReturnType<typeof seen>>) => {
  expect(answer.statusCode, answer.body).toBe(200);
  return paywallSeenResponseSchema.parse(answer.json()).data.recorded;
};

describe('the paywall gate shown by the player', () => {
  it("counts a member's hit once in ten minutes, whether from the gate or a refused play call", async () => {
    const member = await buildUser(t.ctx.db, t.ctx.tokens);
    const episode = locked[0]!;
    const before = Number(await hits(episode));
    expect(await recorded(await seen(episode, { auth: member.auth }))).toBe(true);
    expect(await recorded(await seen(episode, { auth: member.auth }))).toBe(false);
    const refused = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.play(episode)}`, headers: member.auth });
    expect(refused.statusCode).toBe(403);
    expect(Number(await hits(episode))).toBe(before + 1);
    // Another member's hit on the same episode, and this member's on the next, count.
    const other = await buildUser(t.ctx.db, t.ctx.tokens);
    expect(await recorded(await seen(episode, { auth: other.auth }))).toBe(true);
    expect(await recorded(await seen(locked[1]!, { auth: member.auth }))).toBe(true);
    expect(Number(await hits(episode))).toBe(before + 2);
    const event = await t.ctx.db
      .selectFrom('analytics_events')
      .select(['user_id', 'drama_id'])
      .where('kind', '=', 'paywall')
      .where('episode_id', '=', episode)
      .where('user_id', '=', other.user.id)
      .executeTakeFirstOrThrow();
    expect(event.drama_id).toBe(dramaId);
  });

  it("counts a guest's hit once per address", async () => {
    const episode = locked[1]!;
    const before = Number(await hits(episode));
    expect(await recorded(await seen(episode, { ip: '10.31.0.1' }))).toBe(true);
    expect(await recorded(await seen(episode, { ip: '10.31.0.1' }))).toBe(false);
    expect(await recorded(await seen(episode, { ip: '10.31.0.2' }))).toBe(true);
    expect(Number(await hits(episode))).toBe(before + 2);
    const guestRows = await t.ctx.db.selectFrom('analytics_events').select('user_id').where('kind', '=', 'paywall').where('episode_id', '=', episode).where('user_id', 'is', null).execute();
    expect(guestRows.length).toBeGreaterThanOrEqual(2);
  });

  it('counts nothing for a free episode or a VIP, and answers a missing episode or a bad id with the envelope', async () => {
    const vip = await buildUser(t.ctx.db, t.ctx.tokens, { vipDays: 30 });
    const episode = locked[0]!;
    const before = Number(await hits(episode));
    expect(await recorded(await seen(episode, { auth: vip.auth }))).toBe(false);
    expect(await recorded(await seen(free, { ip: '10.31.0.9' }))).toBe(false);
    expect(Number(await hits(episode))).toBe(before);
    expect(Number(await hits(free))).toBe(0);

    const missing = await seen(99_999_999);
    expect(missing.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(missing.json()).code).toBe('EPISODE_NOT_FOUND');
    for (const bad of ['abc', '-1', '0', '1.5']) {
      const answer = await t.server.inject({ method: 'POST', url: `${API_BASE}/client/episodes/${bad}/paywall` });
      expect(answer.statusCode, bad).toBe(400);
      expect(errorEnvelopeSchema.parse(answer.json()).success).toBe(false);
    }
    // An encoded `..` is no episode: the path names no route.
    const traversal = await t.server.inject({ method: 'POST', url: `${API_BASE}/client/episodes/%2e%2e/paywall` });
    expect(traversal.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(traversal.json()).success).toBe(false);
  });
});

describe('paywall hits from every path', () => {
  let owner: ConsoleCaller;
  beforeAll(async () => {
    owner = await consoleAs(t, 'owner');
  });

  const watch = (episodeId: number, auth: Record<string, string>) =>
    t.server.inject({ method: 'POST', url: `${API_BASE}${apiPaths.watch(dramaId, episodeId)}`, headers: auth });

  /** What the console shows: today's dashboard figure, and the drama funnel's paywall episode (the first locked one). */
  async function figures() {
    const console = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.server.inject({ method, url: `${API_BASE}/console${url}`, headers: owner.headers, ...(payload ? { payload } : {}) });
    const recompute = await console('POST', '/analytics/recompute', {});
    expect(recompute.statusCode, recompute.body).toBe(200);
    const dashboard = dashboardResponseSchema.parse((await console('GET', '/analytics/dashboard?period=today')).json()).data;
    const funnel = funnelResponseSchema.parse((await console('GET', `/analytics/dramas/${dramaId}/funnel?days=7`)).json()).data;
    expect(funnel.paywall?.episodeId).toBe(locked[0]);
    return { dashboard: dashboard.figures.paywallHits, funnel: funnel.paywall?.hits ?? 0, members: funnel.paywall?.members ?? 0 };
  }

  it("counts a member's gate report and the refused watch call that follows as one hit on the dashboard and in the funnel", async () => {
    const member = await buildUser(t.ctx.db, t.ctx.tokens);
    const episode = locked[0]!;
    const before = await figures();
    const beforeEvents = Number(await hits(episode));
    expect(await recorded(await seen(episode, { auth: member.auth }))).toBe(true);
    const refused = await watch(episode, member.auth);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(errorEnvelopeSchema.parse(refused.json()).code).toBe('VIP_REQUIRED');
    expect(Number(await hits(episode))).toBe(beforeEvents + 1);
    expect(await figures()).toEqual({ dashboard: before.dashboard + 1, funnel: before.funnel + 1, members: before.members + 1 });
  });

  it('counts a refused watch call first, and the gate report after it, once', async () => {
    const member = await buildUser(t.ctx.db, t.ctx.tokens);
    const episode = locked[1]!;
    const beforeEvents = Number(await hits(episode));
    expect((await watch(episode, member.auth)).statusCode).toBe(403);
    expect(await recorded(await seen(episode, { auth: member.auth }))).toBe(false);
    expect(Number(await hits(episode))).toBe(beforeEvents + 1);
  });

  it('counts 20 refused watch calls sent at once as one hit', async () => {
    const member = await buildUser(t.ctx.db, t.ctx.tokens);
    const episode = locked[0]!;
    const before = await figures();
    const beforeEvents = Number(await hits(episode));
    const answers = await Promise.all(Array.from({ length: 20 }, () => watch(episode, member.auth)));
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array.from({ length: 20 }, () => 403));
    expect(Number(await hits(episode))).toBe(beforeEvents + 1);
    expect(await figures()).toEqual({ dashboard: before.dashboard + 1, funnel: before.funnel + 1, members: before.members + 1 });
  });
});
