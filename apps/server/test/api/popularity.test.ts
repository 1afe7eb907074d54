import { API_BASE, apiPaths, dramaDetailResponseSchema, dramaListResponseSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();

async function stored(dramaId: number) {
  return t.database.db
    .selectFrom('dramas')
    .select(['hot_score', 'explore_score', 'explore_dropped_at', 'view_count', 'like_count', 'favorite_count'])
    .where('id', '=', dramaId)
    .executeTakeFirstOrThrow();
}

async function call(method: 'POST' | 'DELETE', path: string, headers: Record<string, string> = {}) {
  const response = await t.server.inject({ method, url: `${API_BASE}${path}`, headers });
  expect(response.statusCode, response.body).toBeLessThan(300);
}

async function aDrama(index: number) {
  const list = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.dramas()}?sort=latest&limit=10` });
  const drama = dramaListResponseSchema.parse(list.json()).data.items[index];
  if (!drama) throw new Error('not enough dramas');
  const detail = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.drama(drama.id)}` });
  const episode = dramaDetailResponseSchema.parse(detail.json()).data.episodes.find((e) => e.isFree);
  if (!episode) throw new Error('no free episode');
  return { dramaId: drama.id, episodeId: episode.id };
}

describe('popularity', () => {
  it('is views + 3 x likes + 5 x favourites for every drama', async () => {
    const rows = await t.database.db
      .selectFrom('dramas')
      .select(['hot_score', 'view_count', 'like_count', 'favorite_count'])
      .execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.hot_score).toBe(row.view_count + 3 * row.like_count + 5 * row.favorite_count);
  });

  it('rises with a like, a favourite and a view, in the same request', async () => {
    const { dramaId, episodeId } = await aDrama(0);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const start = await stored(dramaId);

    await call('POST', apiPaths.like(episodeId));
    const liked = await stored(dramaId);
    expect(liked.hot_score).toBe(start.hot_score + 3);
    expect(liked.explore_score).toBeGreaterThan(start.explore_score);

    await call('POST', apiPaths.favorite(dramaId), member.auth);
    const favoured = await stored(dramaId);
    expect(favoured.hot_score).toBe(start.hot_score + 3 + 5);
    expect(favoured.explore_score).toBeGreaterThan(liked.explore_score);

    await call('POST', apiPaths.watch(dramaId, episodeId), member.auth);
    const viewed = await stored(dramaId);
    expect(viewed.hot_score).toBe(start.hot_score + 3 + 5 + 1);
    expect(viewed.explore_score).toBeGreaterThan(favoured.explore_score);
    expect(viewed.explore_dropped_at).toBeNull();
  });

  it('falls with an unlike and an unfavourite, and records when the explore score dropped', async () => {
    const { dramaId, episodeId } = await aDrama(1);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await call('POST', apiPaths.like(episodeId), member.auth);
    await call('POST', apiPaths.favorite(dramaId), member.auth);
    const before = await stored(dramaId);
    expect(before.explore_dropped_at).toBeNull();

    await call('DELETE', apiPaths.favorite(dramaId), member.auth);
    const unfavoured = await stored(dramaId);
    expect(unfavoured.hot_score).toBe(before.hot_score - 5);
    expect(unfavoured.explore_score).toBeLessThan(before.explore_score);
    expect(unfavoured.explore_dropped_at).toBeInstanceOf(Date);

    await call('DELETE', apiPaths.like(episodeId), member.auth);
    expect((await stored(dramaId)).hot_score).toBe(before.hot_score - 5 - 3);
  });

  it('orders the hot list by it', async () => {
    const list = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.dramas()}?sort=hot&limit=100` });
    const items = dramaListResponseSchema.parse(list.json()).data.items;
    const scores = items.map((d) => d.viewCount + 3 * d.likeCount + 5 * d.favoriteCount);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
  });
});
