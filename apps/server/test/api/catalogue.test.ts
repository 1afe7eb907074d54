import {
  categoryListResponseSchema,
  dramaDetailResponseSchema,
  dramaFeaturedResponseSchema,
  dramaListResponseSchema,
  episodeListResponseSchema,
  errorEnvelopeSchema,
  playInfoResponseSchema,
  tagDramasResponseSchema,
  tagListResponseSchema,
} from '@drama/contracts';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await t.server.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json() as unknown, headers: response.headers };
}

async function firstDrama() {
  const { body } = await get('/api/v1/client/dramas?limit=1');
  const drama = dramaListResponseSchema.parse(body).data.items[0];
  if (!drama) throw new Error('the seeded catalogue is empty');
  return drama;
}

describe('drama list', () => {
  it('lists the seeded catalogue in the envelope, paged', async () => {
    const { status, body } = await get('/api/v1/client/dramas?page=1&limit=5');
    expect(status).toBe(200);
    const data = dramaListResponseSchema.parse(body).data;
    expect(data.items).toHaveLength(5);
    expect(data.total).toBeGreaterThanOrEqual(12);
    expect(data).toMatchObject({ page: 1, limit: 5 });
    for (const drama of data.items) {
      expect(drama.coverUrl).toMatch(/^\/media\/covers\/.+\.jpg$/);
      expect(drama.episodeCount).toBeGreaterThanOrEqual(20);
      expect(drama.episodeCount).toBeLessThanOrEqual(80);
    }
  });

  it('sorts by hot score and by publication date', async () => {
    const hot = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?sort=hot&limit=50')).body).data.items;
    const latest = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?sort=latest&limit=50')).body).data
      .items;
    const dates = latest.map((d) => Date.parse(d.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    expect(hot.map((d) => d.id)).not.toEqual(latest.map((d) => d.id));
  });

  it('pages do not overlap and cover the whole list', async () => {
    const all = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?limit=100')).body).data;
    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 4); page += 1) {
      const data = dramaListResponseSchema.parse((await get(`/api/v1/client/dramas?limit=4&page=${page}`)).body).data;
      ids.push(...data.items.map((d) => d.id));
    }
    expect(ids).toEqual(all.items.map((d) => d.id));
  });

  it('filters by category, tag and keyword', async () => {
    const categories = categoryListResponseSchema.parse((await get('/api/v1/client/categories')).body).data.items;
    const category = categories.find((c) => c.dramaCount > 0);
    expect(category).toBeDefined();
    const byCategory = dramaListResponseSchema.parse(
      (await get(`/api/v1/client/dramas?category=${category?.slug}&limit=100`)).body,
    ).data;
    expect(byCategory.total).toBe(category?.dramaCount);
    expect(byCategory.items.every((d) => d.category?.slug === category?.slug)).toBe(true);

    const tags = tagListResponseSchema.parse((await get('/api/v1/client/tags')).body).data.items;
    const tag = tags.find((x) => x.dramaCount > 0);
    const byTag = dramaListResponseSchema.parse((await get(`/api/v1/client/dramas?tag=${tag?.slug}&limit=100`)).body)
      .data;
    expect(byTag.total).toBe(tag?.dramaCount);
    expect(byTag.items.every((d) => d.tags.some((x) => x.slug === tag?.slug))).toBe(true);

    const drama = await firstDrama();
    const word = drama.title.slice(0, 2);
    const byKeyword = dramaListResponseSchema.parse(
      (await get(`/api/v1/client/dramas?keyword=${encodeURIComponent(word)}`)).body,
    ).data;
    expect(byKeyword.items.map((d) => d.id)).toContain(drama.id);
    const none = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?keyword=%25%25zzqx')).body).data;
    expect(none).toMatchObject({ items: [], total: 0 });
  });

  it('localises texts by Accept-Language', async () => {
    const zh = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?limit=1', { 'accept-language': 'zh-CN' })).body)
      .data.items[0];
    const en = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?limit=1', { 'accept-language': 'en-US,en;q=0.9' })).body)
      .data.items[0];
    const hant = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?limit=1', { 'accept-language': 'zh-TW' })).body)
      .data.items[0];
    expect(zh?.id).toBe(en?.id);
    expect(zh?.title).toMatch(/[\u4e00-\u9fff]/);
    expect(en?.title).toMatch(/^[\x20-\x7e\u2018-\u201d\u2014]+$/);
    expect(hant?.title).not.toBe(en?.title);
  });

  it('sorts hot by popularity and latest by publication, newest id first on a tie', async () => {
    const stored = await t.database.db
      .selectFrom('dramas')
      .select(['id', 'hot_score', 'published_at'])
      .where('status', '=', 'published')
      .execute();
    const byHot = [...stored].sort((a, b) => b.hot_score - a.hot_score || b.id - a.id).map((d) => d.id);
    const byDate = [...stored]
      .sort((a, b) => b.published_at.getTime() - a.published_at.getTime() || b.id - a.id)
      .map((d) => d.id);
    const hot = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?sort=hot&limit=100')).body).data;
    const latest = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?sort=latest&limit=100')).body).data;
    expect(hot.items.map((d) => d.id)).toEqual(byHot);
    expect(latest.items.map((d) => d.id)).toEqual(byDate);
    const fallback = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?limit=100')).body).data;
    expect(fallback.items.map((d) => d.id)).toEqual(byHot);
  });

  it('pages a category, sorted by latest, and answers an empty page past the end', async () => {
    const categories = categoryListResponseSchema.parse((await get('/api/v1/client/categories')).body).data.items;
    const category = [...categories].sort((a, b) => b.dramaCount - a.dramaCount)[0];
    if (!category || category.dramaCount < 3) throw new Error('expected a category with 3 or more dramas');
    const all = dramaListResponseSchema.parse(
      (await get(`/api/v1/client/dramas?category=${category.slug}&sort=latest&limit=100`)).body,
    ).data;
    expect(all.total).toBe(category.dramaCount);
    const dates = all.items.map((d) => Date.parse(d.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 2); page += 1) {
      const data = dramaListResponseSchema.parse(
        (await get(`/api/v1/client/dramas?category=${category.slug}&sort=latest&limit=2&page=${page}`)).body,
      ).data;
      expect(data.total).toBe(all.total);
      ids.push(...data.items.map((d) => d.id));
    }
    expect(ids).toEqual(all.items.map((d) => d.id));
    const past = dramaListResponseSchema.parse(
      (await get(`/api/v1/client/dramas?category=${category.slug}&limit=2&page=10000`)).body,
    ).data;
    expect(past).toMatchObject({ items: [], total: all.total, page: 10000, limit: 2 });
    const unknown = dramaListResponseSchema.parse((await get('/api/v1/client/dramas?category=no-such-category')).body)
      .data;
    expect(unknown).toMatchObject({ items: [], total: 0 });
  });

  it('combines category and tag filters', async () => {
    const rows = await t.database.db
      .selectFrom('drama_tags as dt')
      .innerJoin('dramas as d', 'd.id', 'dt.drama_id')
      .innerJoin('categories as c', 'c.id', 'd.category_id')
      .innerJoin('tags as g', 'g.id', 'dt.tag_id')
      .select(['d.id', 'c.slug as category', 'g.slug as tag'])
      .where('d.status', '=', 'published')
      .execute();
    const first = rows[0];
    if (!first) throw new Error('no tagged drama');
    const expected = rows.filter((r) => r.category === first.category && r.tag === first.tag).map((r) => r.id);
    const data = dramaListResponseSchema.parse(
      (await get(`/api/v1/client/dramas?category=${first.category}&tag=${first.tag}&limit=100`)).body,
    ).data;
    expect(data.items.map((d) => d.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
  });

  it('accepts the largest page and limit', async () => {
    expect((await get('/api/v1/client/dramas?limit=100')).status).toBe(200);
    expect((await get('/api/v1/client/dramas?page=10000')).status).toBe(200);
  });

  it.each([
    'page=0',
    'page=abc',
    'page=10001',
    'limit=0',
    'limit=101',
    'limit=2.5',
    'sort=random',
    `keyword=${'x'.repeat(101)}`,
  ])('rejects %s with 400 VALIDATION_FAILED', async (query) => {
    const { status, body } = await get(`/api/v1/client/dramas?${query}`);
    expect(status).toBe(400);
    expect(errorEnvelopeSchema.parse(body).code).toBe('VALIDATION_FAILED');
  });
});

describe('featured and tags', () => {
  it('returns featured dramas in order', async () => {
    const { status, body } = await get('/api/v1/client/dramas/featured');
    expect(status).toBe(200);
    expect(dramaFeaturedResponseSchema.parse(body).data.items.length).toBeGreaterThanOrEqual(3);
  });

  it('lists the dramas of a tag by slug or shown name, and an unknown tag as empty', async () => {
    const tags = tagListResponseSchema.parse((await get('/api/v1/client/tags', { 'accept-language': 'zh-CN' })).body)
      .data.items;
    const tag = tags.find((x) => x.dramaCount > 0);
    if (!tag) throw new Error('no tag in use');
    const bySlug = tagDramasResponseSchema.parse((await get(`/api/v1/client/dramas/tag/${tag.slug}`)).body).data;
    expect(bySlug.tag?.slug).toBe(tag.slug);
    expect(bySlug.total).toBe(tag.dramaCount);
    const byName = tagDramasResponseSchema.parse(
      (await get(`/api/v1/client/dramas/tag/${encodeURIComponent(tag.name)}`)).body,
    ).data;
    expect(byName.items.map((d) => d.id)).toEqual(bySlug.items.map((d) => d.id));
    const unknown = await get('/api/v1/client/dramas/tag/no-such-tag');
    expect(unknown.status).toBe(200);
    expect(tagDramasResponseSchema.parse(unknown.body).data).toMatchObject({ items: [], total: 0, tag: null });
  });

  it('pages and sorts the dramas of a tag within the same bounds', async () => {
    const tags = tagListResponseSchema.parse((await get('/api/v1/client/tags')).body).data.items;
    const tag = [...tags].sort((a, b) => b.dramaCount - a.dramaCount)[0];
    if (!tag || tag.dramaCount < 3) throw new Error('expected a tag with 3 or more dramas');
    const latest = tagDramasResponseSchema.parse((await get(`/api/v1/client/dramas/tag/${tag.slug}?sort=latest&limit=100`)).body)
      .data;
    const dates = latest.items.map((d) => Date.parse(d.publishedAt));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const second = tagDramasResponseSchema.parse((await get(`/api/v1/client/dramas/tag/${tag.slug}?sort=latest&limit=2&page=2`)).body)
      .data;
    expect(second.items.map((d) => d.id)).toEqual(latest.items.slice(2, 4).map((d) => d.id));
    for (const query of ['limit=101', 'page=0', 'sort=random']) {
      const { status, body } = await get(`/api/v1/client/dramas/tag/${tag.slug}?${query}`);
      expect(status, query).toBe(400);
      expect(errorEnvelopeSchema.parse(body).code).toBe('VALIDATION_FAILED');
    }
    const unknown = tagDramasResponseSchema.parse((await get('/api/v1/client/dramas/tag/no-such-tag?page=2&limit=5')).body)
      .data;
    expect(unknown).toEqual({ items: [], total: 0, page: 2, limit: 5, tag: null });
  });
});

describe('drama detail and episodes', () => {
  it('gives a drama with its ordered episodes, free first', async () => {
    const drama = await firstDrama();
    const { status, body } = await get(`/api/v1/client/dramas/${drama.id}`);
    expect(status).toBe(200);
    const detail = dramaDetailResponseSchema.parse(body).data;
    expect(detail.episodes).toHaveLength(detail.episodeCount);
    expect(detail.episodes.map((e) => e.sequence)).toEqual(detail.episodes.map((_, i) => i + 1));
    const free = detail.episodes.filter((e) => e.isFree);
    expect(free.length).toBe(detail.freeEpisodeCount);
    expect(free.every((e) => e.sequence <= detail.freeEpisodeCount)).toBe(true);
    expect(free.every((e) => /^\/media\/episodes\/\d+\/(video\.mp4|index\.m3u8)$/.test(e.playUrl ?? ''))).toBe(true);
    expect(detail.episodes.filter((e) => !e.isFree).every((e) => e.playUrl === null)).toBe(true);
  });

  it('gives free episodes the address /play gives, HLS where the clip has a ladder', async () => {
    const dramas = await t.database.db.selectFrom('dramas').select(['id', 'slug']).execute();
    const formats = new Set<string>();
    for (const { id, slug } of dramas) {
      const detail = dramaDetailResponseSchema.parse((await get(`/api/v1/client/dramas/${id}`)).body).data;
      for (const episode of detail.episodes.filter((e) => e.isFree).slice(0, 2)) {
        const play = playInfoResponseSchema.parse((await get(`/api/v1/client/episodes/${episode.id}/play`)).body).data;
        expect(episode.playUrl, `${slug} episode ${episode.sequence}`).toBe(play.playUrl);
        formats.add(play.format);
        if (slug === 'flash-marriage-billionaire') {
          expect(play.format).toBe('hls');
          expect(episode.playUrl).toBe(`/media/episodes/${episode.id}/index.m3u8`);
        }
      }
    }
    expect([...formats].sort()).toEqual(['hls', 'mp4']);
  });

  it('answers both episode-list paths the same', async () => {
    const drama = await firstDrama();
    const a = episodeListResponseSchema.parse((await get(`/api/v1/client/episodes/drama/${drama.id}`)).body).data;
    const b = episodeListResponseSchema.parse((await get(`/api/v1/dramas/episodes/${drama.id}`)).body).data;
    expect(a.items.length).toBe(drama.episodeCount);
    expect(b).toEqual(a);
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('rejects the id %s with 400', async (id) => {
    for (const url of [`/api/v1/client/dramas/${id}`, `/api/v1/client/episodes/drama/${id}`, `/api/v1/client/episodes/${id}/play`]) {
      const { status, body } = await get(url);
      expect(status, url).toBe(400);
      expect(errorEnvelopeSchema.parse(body).code).toBe('VALIDATION_FAILED');
    }
  });

  it('sends the detail compressed to a browser, the same answer first and from the cache', async () => {
    const drama = await firstDrama();
    const url = `/api/v1/client/dramas/${drama.id}`;
    const plain = await t.server.inject({ method: 'GET', url, headers: { 'accept-language': 'zh-CN' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept-Language');
    const expected = dramaDetailResponseSchema.parse(plain.json());
    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      // A locale of its own, so that the first request fills the cache and the second hits it.
      for (const language of ['en-US', 'en-US', 'zh-TW']) {
        const response = await t.server.inject({ method: 'GET', url, headers: { 'accept-encoding': accept, 'accept-language': language } });
        expect(response.statusCode).toBe(200);
        expect(response.headers['content-encoding']).toBe(encoding);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
        const body = dramaDetailResponseSchema.parse(JSON.parse(decode(response.rawPayload).toString('utf8')));
        expect(body.data.episodes.map((episode) => episode.id)).toEqual(expected.data.episodes.map((episode) => episode.id));
      }
    }
  });

  it('gives 404 with a code for an unknown drama or episode', async () => {
    const drama = await get('/api/v1/client/dramas/999999');
    expect(drama.status).toBe(404);
    expect(errorEnvelopeSchema.parse(drama.body).code).toBe('DRAMA_NOT_FOUND');
    const play = await get('/api/v1/client/episodes/999999/play');
    expect(play.status).toBe(404);
    expect(errorEnvelopeSchema.parse(play.body).code).toBe('EPISODE_NOT_FOUND');
  });
});

describe('play addresses', () => {
  async function episodes() {
    const drama = await firstDrama();
    const detail = dramaDetailResponseSchema.parse((await get(`/api/v1/client/dramas/${drama.id}`)).body).data;
    const free = detail.episodes.find((e) => e.isFree);
    const locked = detail.episodes.find((e) => !e.isFree);
    if (!free || !locked) throw new Error('expected free and locked episodes');
    return { free, locked };
  }

  it('gives anyone a free episode with its subtitles', async () => {
    const { free } = await episodes();
    const { status, body } = await get(`/api/v1/client/episodes/${free.id}/play`);
    expect(status).toBe(200);
    const play = playInfoResponseSchema.parse(body).data;
    // Clips with an HLS ladder play from their master playlist (hls.test.ts), the others from the MP4.
    const file = play.format === 'hls' ? 'index.m3u8' : 'video.mp4';
    expect(play.playUrl).toBe(`/media/episodes/${free.id}/${file}`);
    expect(play.expiresAt).toBeNull();
    expect(play.subtitles.map((s) => s.language)).toEqual(['zh', 'zh-Hant', 'en']);
  });

  it('refuses a locked episode to a guest with 401', async () => {
    const { locked } = await episodes();
    const { status, body } = await get(`/api/v1/client/episodes/${locked.id}/play`);
    expect(status).toBe(401);
    expect(errorEnvelopeSchema.parse(body).code).toBe('UNAUTHORIZED');
  });

  it('refuses a locked episode to a member without VIP, or with expired VIP, with 403 VIP_REQUIRED', async () => {
    const { locked } = await episodes();
    for (const vipDays of [undefined, -1]) {
      const member = await buildUser(t.database.db, t.ctx.tokens, { vipDays });
      const { status, body } = await get(`/api/v1/client/episodes/${locked.id}/play`, member.auth);
      expect(status).toBe(403);
      expect(errorEnvelopeSchema.parse(body).code).toBe('VIP_REQUIRED');
    }
  });

  it('gives a VIP member a signed, expiring address', async () => {
    const { locked } = await episodes();
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 30 });
    const { status, body } = await get(`/api/v1/client/episodes/${locked.id}/play`, vip.auth);
    expect(status).toBe(200);
    const play = playInfoResponseSchema.parse(body).data;
    const file = play.format === 'hls' ? 'index\\.m3u8' : 'video\\.mp4';
    expect(play.playUrl).toMatch(new RegExp(`^/media/episodes/${locked.id}/${file}\\?exp=\\d+&sig=[\\w-]+$`));
    expect(Date.parse(play.expiresAt ?? '')).toBeGreaterThan(Date.now());
  });

  it('treats a disabled account or a forged token as a guest', async () => {
    const { locked } = await episodes();
    const disabled = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 30, status: 0 });
    expect((await get(`/api/v1/client/episodes/${locked.id}/play`, disabled.auth)).status).toBe(401);
    const forged = `${disabled.token.slice(0, -4)}AAAA`;
    expect((await get(`/api/v1/client/episodes/${locked.id}/play`, { authorization: `Bearer ${forged}` })).status).toBe(
      401,
    );
  });
});
