import {
  API_BASE,
  apiPaths,
  errorEnvelopeSchema,
  type ExploreItem,
  exploreResponseSchema,
  playInfoResponseSchema,
} from '@drama/contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { DROP_COMMIT_MARGIN_MS } from '../../src/modules/explore/queries.js';
import { useTestApp } from '../support/test-app.js';

// Scores are moved straight in the database, behind the server's back: with no lag allowed,
// each call reads the changes first, as a call a second later would.
const t = useTestApp({ DISCOVERY_MAX_LAG_MS: '0' });

async function page(limit: number, cursor?: string | null) {
  const query = new URLSearchParams({ limit: String(limit), ...(cursor ? { cursor } : {}) });
  const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.explore()}?${query.toString()}` });
  expect(response.statusCode, response.body).toBe(200);
  return exploreResponseSchema.parse(response.json()).data;
}

/** Follows a scroll to its end; `between` runs after each page (scores moving mid-scroll). */
async function scroll(limit: number, between: (served: ExploreItem[]) => Promise<void> = async () => {}) {
  const served: ExploreItem[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages += 1) {
    const data = await page(limit, cursor);
    served.push(...data.items);
    cursor = data.nextCursor;
    if (cursor === null) return served;
    await between(served);
  }
  throw new Error('the feed did not end');
}

async function feedDramaIds(): Promise<number[]> {
  const rows = await t.database.db
    .selectFrom('dramas')
    .select('id')
    .where('status', '=', 'published')
    .where((eb) =>
      eb.exists(eb.selectFrom('episodes as e').select('e.id').whereRef('e.drama_id', '=', 'dramas.id').where('e.is_free', '=', true)),
    )
    .orderBy('explore_score', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Moves a drama's score: popularity counters, and publication for a jump no counter makes. */
async function move(dramaId: number, change: { views: number; publishedDays?: number }) {
  await t.database.db
    .updateTable('dramas')
    .set((eb) => ({
      view_count: change.views,
      like_count: 0,
      favorite_count: 0,
      published_at: sql<Date>`${eb.ref('published_at')} + make_interval(days => ${change.publishedDays ?? 0})`,
    }))
    .where('id', '=', dramaId)
    .execute();
}

describe('explore feed', () => {
  it('serves the whole catalogue once, by explore score, and ends with a null cursor', async () => {
    const served = await scroll(4);
    const ids = served.map((item) => item.drama.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual(await feedDramaIds());
    expect(ids.length).toBeGreaterThanOrEqual(12);
  });

  it('mixes recency and popularity in a score that needs no clock', async () => {
    const rows = await t.database.db
      .selectFrom('dramas')
      .select(['explore_score', 'hot_score', sql<number>`extract(epoch from published_at)::float8`.as('published')])
      .execute();
    for (const row of rows) {
      expect(row.explore_score).toBeCloseTo(Math.log10(1 + row.hot_score) + row.published / 45_000, 6);
    }
  });

  it('gives each drama its first episode, ready to play, at the address /play gives', async () => {
    const served = await scroll(20);
    for (const item of served) {
      const { episode, drama } = item;
      expect(episode.dramaId).toBe(drama.id);
      expect(episode.sequence).toBe(1);
      expect(episode.expiresAt).toBeNull();
      expect(episode.durationSeconds).toBeGreaterThan(0);
      const play = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.play(episode.episodeId)}` });
      const { durationSeconds: _, ...playInfo } = episode;
      expect(playInfo).toEqual(playInfoResponseSchema.parse(play.json()).data);
    }
    const hls = await t.database.db
      .selectFrom('dramas')
      .select('id')
      .where('slug', '=', 'flash-marriage-billionaire')
      .executeTakeFirstOrThrow();
    const item = served.find((entry) => entry.drama.id === hls.id);
    expect(item?.episode.format).toBe('hls');
    expect(item?.episode.playUrl).toBe(`/media/episodes/${item?.episode.episodeId}/index.m3u8`);
    expect(served.filter((entry) => entry.episode.format === 'mp4').length).toBeGreaterThan(0);
  });

  it('never serves a drama twice in one scroll, though scores rise and drop between pages', async () => {
    const order = await feedDramaIds();
    const risen = order[order.length - 1] as number;
    const moved: number[] = [];
    const served = await scroll(3, async (sofar) => {
      if (moved.length > 0) return;
      // A served drama drops to the bottom, another served one climbs, and the last one
      // climbs to the top: none may come round again.
      const [first, second] = sofar;
      if (!first || !second) throw new Error('expected a full first page');
      moved.push(first.drama.id, second.drama.id);
      await move(first.drama.id, { views: 0, publishedDays: -365 });
      await move(second.drama.id, { views: 2_000_000_000 });
      await move(risen, { views: 2_000_000_000, publishedDays: 365 });
    });
    const ids = served.map((item) => item.drama.id);
    expect(moved).toHaveLength(2);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => moved.includes(id))).toHaveLength(2);
    // The drama that climbed past the cursor is left for the next scroll, not served twice.
    expect(ids).not.toContain(risen);
    const fresh = await page(7);
    expect(fresh.items[0]?.drama.id).toBe(risen);
    // A scroll begun once the drop is older than the commit margin places the dropped drama by
    // its new score again (the database's clock is moved back rather than waited for).
    await t.database.db
      .updateTable('dramas')
      .set({ explore_dropped_at: sql<Date>`explore_dropped_at - make_interval(secs => ${DROP_COMMIT_MARGIN_MS / 1000 + 1})` })
      .where('explore_dropped_at', 'is not', null)
      .execute();
    const next = await scroll(7);
    expect(next.map((item) => item.drama.id)).toEqual(await feedDramaIds());
  });

  it.each([
    ['not base64url', 'not a cursor!'],
    ['base64url of garbage', Buffer.from('garbage').toString('base64url')],
    ['a cursor with a bad id', Buffer.from('[1.5,-3,1700000000000]').toString('base64url')],
    ['a too long cursor', 'A'.repeat(513)],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, cursor) => {
    const response = await t.server.inject({
      method: 'GET',
      url: `${API_BASE}${apiPaths.explore()}?cursor=${encodeURIComponent(cursor)}`,
    });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });

  it.each(['limit=0', 'limit=21', 'limit=abc'])('refuses %s with 400', async (query) => {
    const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.explore()}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });
});
