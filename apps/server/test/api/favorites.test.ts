import {
  API_BASE,
  apiPaths,
  dramaDetailResponseSchema,
  type DramaSummary,
  dramaListResponseSchema,
  errorEnvelopeSchema,
  favoriteListResponseSchema,
  favoriteStatusResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { dramaAt, listedDramas } from '../support/catalogue.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
let dramas: DramaSummary[];

beforeAll(async () => {
  dramas = await listedDramas(t, 6, { 'accept-language': 'zh-CN' });
});

const drama = (index: number) => dramaAt(dramas, index);

async function call(method: 'GET' | 'POST' | 'DELETE', path: string, headers: Record<string, string> = {}) {
  const response = await t.server.inject({ method, url: `${API_BASE}${path}`, headers });
  return { status: response.statusCode, body: response.json() as unknown };
}

async function favorite(method: 'GET' | 'POST' | 'DELETE', dramaId: number, auth: Record<string, string>) {
  const path = method === 'GET' ? apiPaths.favoriteCheck(dramaId) : apiPaths.favorite(dramaId);
  return okData(await call(method, path, auth), favoriteStatusResponseSchema);
}

async function storedCount(dramaId: number): Promise<number> {
  const row = await t.database.db.selectFrom('dramas').select('favorite_count').where('id', '=', dramaId).executeTakeFirstOrThrow();
  return row.favorite_count;
}

describe('favourites', () => {
  it('are for members only: a guest gets 401 on every call', async () => {
    const id = drama(0).id;
    for (const [method, path] of [
      ['GET', apiPaths.favorites()],
      ['POST', apiPaths.favorite(id)],
      ['DELETE', apiPaths.favorite(id)],
      ['GET', apiPaths.favoriteCheck(id)],
    ] as const) {
      const answer = await call(method, path);
      expect(answer.status, `${method} ${path}`).toBe(401);
      expect(errorEnvelopeSchema.parse(answer.body).code).toBe('UNAUTHORIZED');
    }
  });

  it('add and remove idempotently, keeping the drama’s count in step', async () => {
    const id = drama(0).id;
    const base = await storedCount(id);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    expect(await favorite('GET', id, member.auth)).toEqual({ isFavorited: false, favoriteCount: base });
    expect(await favorite('POST', id, member.auth)).toEqual({ isFavorited: true, favoriteCount: base + 1 });
    expect(await favorite('POST', id, member.auth)).toEqual({ isFavorited: true, favoriteCount: base + 1 });
    expect(await favorite('GET', id, member.auth)).toEqual({ isFavorited: true, favoriteCount: base + 1 });
    expect(await storedCount(id)).toBe(base + 1);

    const other = await buildUser(t.database.db, t.ctx.tokens);
    expect(await favorite('GET', id, other.auth)).toEqual({ isFavorited: false, favoriteCount: base + 1 });
    expect(await favorite('POST', id, other.auth)).toMatchObject({ favoriteCount: base + 2 });

    expect(await favorite('DELETE', id, member.auth)).toEqual({ isFavorited: false, favoriteCount: base + 1 });
    expect(await favorite('DELETE', id, member.auth)).toEqual({ isFavorited: false, favoriteCount: base + 1 });
    expect(await favorite('GET', id, member.auth)).toEqual({ isFavorited: false, favoriteCount: base + 1 });
    expect(await storedCount(id)).toBe(base + 1);
  });

  it('never takes a drama’s count below zero', async () => {
    const id = drama(1).id;
    const member = await buildUser(t.database.db, t.ctx.tokens);
    await favorite('POST', id, member.auth);
    await t.database.db.updateTable('dramas').set({ favorite_count: 0 }).where('id', '=', id).execute();
    expect(await favorite('DELETE', id, member.auth)).toEqual({ isFavorited: false, favoriteCount: 0 });
    expect(await storedCount(id)).toBe(0);
  });

  it('gives 404 DRAMA_NOT_FOUND for an unknown or hidden drama and 400 for a bad id', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const hidden = drama(5).id;
    await t.database.db.updateTable('dramas').set({ status: 'draft' }).where('id', '=', hidden).execute();
    try {
      for (const id of [999_999, hidden]) {
        for (const method of ['GET', 'POST', 'DELETE'] as const) {
          const answer = await call(method, method === 'GET' ? apiPaths.favoriteCheck(id) : apiPaths.favorite(id), member.auth);
          expect(answer.status, `${method} ${id}`).toBe(404);
          expect(errorEnvelopeSchema.parse(answer.body).code).toBe('DRAMA_NOT_FOUND');
        }
      }
    } finally {
      await t.database.db.updateTable('dramas').set({ status: 'published' }).where('id', '=', hidden).execute();
    }
    expect((await call('POST', '/client/favorites/dramas/0', member.auth)).status).toBe(400);
  });

  it('lists favourites newest first, localised, with the last watched episode and total episodes', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const [first, second, third] = [drama(2), drama(3), drama(4)];
    for (const d of [first, second, third]) await favorite('POST', d.id, member.auth);

    // The member watched episode 2 of the second drama.
    const detail = dramaDetailResponseSchema.parse((await t.server.inject(`${API_BASE}${apiPaths.drama(second.id)}`)).json()).data;
    const episode = detail.episodes[1];
    if (!episode) throw new Error('expected episodes');
    const watched = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.watch(second.id, episode.id)}`,
      headers: member.auth,
    });
    expect(watched.statusCode).toBe(200);

    const answer = await call('GET', `${apiPaths.favorites()}?page=1&limit=2`, { ...member.auth, 'accept-language': 'en-US' });
    expect(answer.status).toBe(200);
    const page = favoriteListResponseSchema.parse(answer.body).data;
    expect(page).toMatchObject({ page: 1, limit: 2, total: 3 });
    expect(page.items.map((item) => item.drama.id)).toEqual([third.id, second.id]);
    expect(page.items[0]).toMatchObject({ episodeSequence: null, totalEpisodes: third.episodeCount });
    expect(page.items[1]).toMatchObject({ episodeSequence: 2, totalEpisodes: second.episodeCount });

    const english = dramaListResponseSchema.parse(
      (await t.server.inject({ url: `${API_BASE}/client/dramas?limit=6`, headers: { 'accept-language': 'en-US' } })).json(),
    ).data.items.find((d) => d.id === third.id);
    expect(page.items[0]?.drama.title).toBe(english?.title);
    expect(page.items[0]?.drama.title).not.toBe(third.title);

    const chinese = favoriteListResponseSchema.parse(
      (await call('GET', `${apiPaths.favorites()}?page=2&limit=2`, { ...member.auth, 'accept-language': 'zh-CN' })).body,
    ).data;
    expect(chinese.items.map((item) => item.drama.title)).toEqual([first.title]);

    const stranger = await buildUser(t.database.db, t.ctx.tokens);
    const none = favoriteListResponseSchema.parse((await call('GET', apiPaths.favorites(), stranger.auth)).body).data;
    expect(none).toMatchObject({ items: [], total: 0 });
  });
});
