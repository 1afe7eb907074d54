import {
  API_BASE,
  apiPaths,
  dramaDetailResponseSchema,
  dramaListResponseSchema,
  errorEnvelopeSchema,
  type Episode,
  likeListResponseSchema,
  likeStatusResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LIKES_PER_MINUTE } from '../../src/modules/likes/routes.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
let dramaId: number;
let episodes: Episode[];
let nextEpisode = 0;
let nextIp = 0;

beforeAll(async () => {
  const list = dramaListResponseSchema.parse((await t.server.inject(`${API_BASE}/client/dramas?limit=1`)).json());
  dramaId = list.data.items[0]?.id ?? 0;
  const detail = dramaDetailResponseSchema.parse((await t.server.inject(`${API_BASE}${apiPaths.drama(dramaId)}`)).json());
  episodes = detail.data.episodes;
});

/** A fresh episode per test, so that counts start at zero. */
function freshEpisode(): number {
  const episode = episodes[nextEpisode++];
  if (!episode) throw new Error('ran out of episodes');
  return episode.id;
}

/** Each guest gets an address of their own, so rate limits of one test do not reach another. */
function guestIp(): string {
  nextIp += 1;
  return `10.20.${Math.floor(nextIp / 250)}.${(nextIp % 250) + 1}`;
}

async function call(
  method: 'GET' | 'POST' | 'DELETE',
  path: string,
  options: { auth?: Record<string, string>; ip?: string; headers?: Record<string, string> } = {},
) {
  const response = await t.server.inject({
    method,
    url: `${API_BASE}${path}`,
    headers: { ...options.auth, ...options.headers },
    remoteAddress: options.ip ?? '127.0.0.1',
  });
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

async function status(episodeId: number, auth?: Record<string, string>) {
  return okData(await call('GET', apiPaths.likeCheck(episodeId), { auth }), likeStatusResponseSchema);
}

async function like(
  method: 'POST' | 'DELETE',
  episodeId: number,
  options: { auth?: Record<string, string>; ip?: string; query?: string } = {},
) {
  const answer = await call(method, `${apiPaths.like(episodeId)}${options.query ?? ''}`, {
    auth: options.auth,
    ip: options.ip ?? guestIp(),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return likeStatusResponseSchema.parse(answer.body).data;
}

async function counts(episodeId: number) {
  const episode = await t.database.db
    .selectFrom('episodes')
    .select(['like_count', 'anonymous_like_count', 'drama_id'])
    .where('id', '=', episodeId)
    .executeTakeFirstOrThrow();
  const drama = await t.database.db
    .selectFrom('dramas')
    .select('like_count')
    .where('id', '=', episode.drama_id)
    .executeTakeFirstOrThrow();
  return { episode: episode.like_count, anonymous: episode.anonymous_like_count, drama: drama.like_count };
}

describe('like status', () => {
  it('tells a guest the count and never isLiked; a member whether they like it', async () => {
    const episodeId = freshEpisode();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    expect(await status(episodeId)).toEqual({ dramaId: episodeId, isLiked: false, likeCount: 0 });
    await like('POST', episodeId, { auth: member.auth });
    expect(await status(episodeId)).toEqual({ dramaId: episodeId, isLiked: false, likeCount: 1 });
    expect(await status(episodeId, member.auth)).toEqual({ dramaId: episodeId, isLiked: true, likeCount: 1 });
  });

  it('gives 404 EPISODE_NOT_FOUND for an unknown episode and 400 for a bad id', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      const path = method === 'GET' ? apiPaths.likeCheck(999_999) : apiPaths.like(999_999);
      const answer = await call(method, path, { auth: member.auth });
      expect(answer.status, method).toBe(404);
      expect(errorEnvelopeSchema.parse(answer.body).code).toBe('EPISODE_NOT_FOUND');
    }
    expect((await call('GET', '/client/episodes/abc/like/check')).status).toBe(400);
  });
});

describe('members’ likes', () => {
  it('keeps one like per member and episode, and the counts in step', async () => {
    const episodeId = freshEpisode();
    const before = await counts(episodeId);
    const [a, b] = [await buildUser(t.database.db, t.ctx.tokens), await buildUser(t.database.db, t.ctx.tokens)];

    expect(await like('POST', episodeId, { auth: a.auth })).toEqual({ dramaId: episodeId, isLiked: true, likeCount: 1 });
    expect(await like('POST', episodeId, { auth: a.auth })).toEqual({ dramaId: episodeId, isLiked: true, likeCount: 1 });
    expect(await like('POST', episodeId, { auth: b.auth })).toMatchObject({ likeCount: 2 });
    expect(await counts(episodeId)).toEqual({ episode: 2, anonymous: 0, drama: before.drama + 2 });

    expect(await like('DELETE', episodeId, { auth: a.auth })).toEqual({ dramaId: episodeId, isLiked: false, likeCount: 1 });
    expect(await like('DELETE', episodeId, { auth: a.auth })).toEqual({ dramaId: episodeId, isLiked: false, likeCount: 1 });
    expect(await counts(episodeId)).toEqual({ episode: 1, anonymous: 0, drama: before.drama + 1 });
    const rows = await t.database.db.selectFrom('episode_likes').selectAll().where('episode_id', '=', episodeId).execute();
    expect(rows.map((row) => row.user_id)).toEqual([b.user.id]);
  });

  it('counts members’ and guests’ likes together', async () => {
    const episodeId = freshEpisode();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await like('POST', episodeId, { auth: member.auth });
    expect(await like('POST', episodeId)).toEqual({ dramaId: episodeId, isLiked: true, likeCount: 2 });
    expect(await like('POST', episodeId)).toMatchObject({ likeCount: 3 });
    expect(await counts(episodeId)).toMatchObject({ episode: 3, anonymous: 2 });
    expect(await like('DELETE', episodeId, { auth: member.auth })).toMatchObject({ likeCount: 2, isLiked: false });
    expect(await counts(episodeId)).toMatchObject({ episode: 2, anonymous: 2 });
  });

  it('accepts the member’s own userId, refuses another’s with 403, and one without a token with 401', async () => {
    const episodeId = freshEpisode();
    const member = await buildUser(t.database.db, t.ctx.tokens);
    expect(await like('POST', episodeId, { auth: member.auth, query: `?userId=${member.user.id}` })).toMatchObject({ isLiked: true });

    for (const method of ['POST', 'DELETE'] as const) {
      const other = await call(method, `${apiPaths.like(episodeId)}?userId=${member.user.id + 1}`, { auth: member.auth });
      expect(other.status, method).toBe(403);
      expect(errorEnvelopeSchema.parse(other.body).code).toBe('FORBIDDEN');
      const anonymous = await call(method, `${apiPaths.like(episodeId)}?userId=${member.user.id}`, { ip: guestIp() });
      expect(anonymous.status, method).toBe(401);
    }
    expect(await counts(episodeId)).toMatchObject({ episode: 1, anonymous: 0 });
    expect(await like('DELETE', episodeId, { auth: member.auth, query: `?userId=${member.user.id}` })).toMatchObject({
      isLiked: false,
      likeCount: 0,
    });
  });

  it('refuses a token that no longer works instead of counting a guest’s like', async () => {
    const episodeId = freshEpisode();
    const disabled = await buildUser(t.database.db, t.ctx.tokens, { status: 0 });
    const answer = await call('POST', apiPaths.like(episodeId), { auth: disabled.auth, ip: guestIp() });
    expect(answer.status).toBe(401);
    expect(errorEnvelopeSchema.parse(answer.body).code).toBe('UNAUTHORIZED');
    expect(await counts(episodeId)).toMatchObject({ episode: 0, anonymous: 0 });
  });

  it('lists the member’s likes, newest first, paged and localised; guests get 401', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const liked = [freshEpisode(), freshEpisode(), freshEpisode()];
    for (const episodeId of liked) await like('POST', episodeId, { auth: member.auth });

    const answer = await call('GET', `${apiPaths.likes()}?page=1&limit=2`, {
      auth: member.auth,
      headers: { 'accept-language': 'en-US' },
    });
    expect(answer.status).toBe(200);
    const page = likeListResponseSchema.parse(answer.body).data;
    expect(page).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page.items.map((item) => item.dramaId)).toEqual([liked[2], liked[1]]);
    const detail = dramaDetailResponseSchema.parse(
      (await t.server.inject({ url: `${API_BASE}${apiPaths.drama(dramaId)}`, headers: { 'accept-language': 'en-US' } })).json(),
    ).data;
    expect(page.items[0]).toMatchObject({
      userId: member.user.id,
      episode: { id: liked[2], dramaId, dramaTitle: detail.title, coverUrl: detail.coverUrl },
    });
    expect(detail.title).toMatch(/[A-Za-z]/);

    const second = likeListResponseSchema.parse(
      (await call('GET', `${apiPaths.likes()}?page=2&limit=2`, { auth: member.auth })).body,
    ).data;
    expect(second.items.map((item) => item.dramaId)).toEqual([liked[0]]);

    const guest = await call('GET', apiPaths.likes());
    expect(guest.status).toBe(401);
    expect(errorEnvelopeSchema.parse(guest.body).code).toBe('UNAUTHORIZED');
  });
});

describe('guests’ likes', () => {
  it('moves the anonymous count, never below zero and never into members’ likes', async () => {
    const episodeId = freshEpisode();
    const before = await counts(episodeId);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await like('POST', episodeId, { auth: member.auth });
    expect(await like('POST', episodeId)).toEqual({ dramaId: episodeId, isLiked: true, likeCount: 2 });
    expect(await like('DELETE', episodeId)).toEqual({ dramaId: episodeId, isLiked: false, likeCount: 1 });
    // No guests' likes remain: further unlikes change nothing, the member's like stays.
    expect(await like('DELETE', episodeId)).toMatchObject({ likeCount: 1 });
    expect(await like('DELETE', episodeId)).toMatchObject({ likeCount: 1 });
    expect(await counts(episodeId)).toEqual({ episode: 1, anonymous: 0, drama: before.drama + 1 });

    const lonely = freshEpisode();
    expect(await like('DELETE', lonely)).toMatchObject({ likeCount: 0 });
    expect(await counts(lonely)).toMatchObject({ episode: 0, anonymous: 0 });
  });

  it('never takes a drama’s like count below zero', async () => {
    const episodeId = freshEpisode();
    await like('POST', episodeId);
    await t.database.db.updateTable('dramas').set({ like_count: 0 }).where('id', '=', dramaId).execute();
    expect(await like('DELETE', episodeId)).toMatchObject({ likeCount: 0 });
    expect(await counts(episodeId)).toEqual({ episode: 0, anonymous: 0, drama: 0 });
  });

  it(`limits a guest to ${GUEST_LIKES_PER_MINUTE} likes a minute per address and route, with retryAfter`, async () => {
    const episodeId = freshEpisode();
    const ip = guestIp();
    for (let i = 0; i < GUEST_LIKES_PER_MINUTE; i += 1) {
      expect((await call('POST', apiPaths.like(episodeId), { ip })).status).toBe(200);
    }
    const refused = await call('POST', apiPaths.like(episodeId), { ip });
    expect(refused.status).toBe(429);
    const error = errorEnvelopeSchema.parse(refused.body);
    expect(error.code).toBe('RATE_LIMITED');
    const retryAfter = (error.details as { retryAfter: number }).retryAfter;
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(refused.headers['retry-after']).toBe(String(retryAfter));
    expect(await counts(episodeId)).toMatchObject({ episode: GUEST_LIKES_PER_MINUTE });

    // Another address, the other route, and members are not held back.
    expect((await call('POST', apiPaths.like(episodeId), { ip: guestIp() })).status).toBe(200);
    expect((await call('DELETE', apiPaths.like(episodeId), { ip })).status).toBe(200);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    expect((await call('POST', apiPaths.like(episodeId), { ip, auth: member.auth })).status).toBe(200);
  });
});
