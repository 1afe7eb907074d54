import {
  adminBlockedTermListResponseSchema,
  adminBlockedTermResponseSchema,
  API_BASE,
  apiPaths,
  errorEnvelopeSchema,
  hotSearchResponseSchema,
  type LocalizedText,
  SEARCH_KEYWORD_MAX,
  type SearchHit,
  searchResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeForSearch, normalizeKeyword } from '../../src/modules/search/normalize.js';
import {
  HOT_SEARCH_EDITORIAL_TOP,
  HOT_SEARCH_LIMIT,
  HOT_SEARCH_MIN_SEARCHERS,
  HOT_SEARCH_OVERTAKE,
} from '../../src/modules/search/service.js';
import { TEST_ADMIN_TOKEN } from '../support/accounts.js';
import { adminAuth } from '../support/admin-auth.js';
import { buildUser } from '../support/factories.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

type Headers = Record<string, string>;

function same(text: string): LocalizedText {
  return { 'zh-CN': text, 'zh-Hant': text, 'en-US': text };
}

interface DramaFields {
  slug: string;
  title: LocalizedText;
  description?: LocalizedText;
  tagSlugs?: string[];
  views?: number;
}

/** A published drama with one free episode, written straight to the database as an import would. */
async function writeDrama(db: TestApp['database']['db'], fields: DramaFields): Promise<number> {
  const { id } = await db
    .insertInto('dramas')
    .values({
      slug: fields.slug,
      title: JSON.stringify(fields.title),
      description: JSON.stringify(fields.description ?? same('')),
      cover_path: 'none.jpg',
      episode_count: 1,
      free_episode_count: 1,
      view_count: fields.views ?? 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('episodes')
    .values({ drama_id: id, sequence: 1, is_free: true, duration_seconds: 60, media_key: 'none' })
    .execute();
  if (fields.tagSlugs?.length) {
    const tags = await db.selectFrom('tags').select('id').where('slug', 'in', fields.tagSlugs).execute();
    await db
      .insertInto('drama_tags')
      .values(tags.map((tag) => ({ drama_id: id, tag_id: tag.id })))
      .execute();
  }
  return id;
}

/** `writeDrama`, then the search index's pass that finds it. */
async function insertDrama(t: TestApp, fields: DramaFields): Promise<number> {
  const id = await writeDrama(t.database.db, fields);
  await indexed(t);
  return id;
}

/** The search index's background pass, run now rather than waited for. */
async function indexed(t: TestApp): Promise<void> {
  await t.services.search.refreshIndex();
}

function searchUrl(params: Record<string, string | number | boolean>): string {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]): [string, string] => [key, String(value)]));
  return `${API_BASE}${apiPaths.search()}?${query.toString()}`;
}

async function searchOn(t: TestApp, params: Record<string, string | number | boolean>, headers: Headers = {}, ip = '127.0.0.1') {
  const response = await t.server.inject({ method: 'GET', url: searchUrl(params), headers, remoteAddress: ip });
  expect(response.statusCode, response.body).toBe(200);
  return searchResponseSchema.parse(response.json()).data;
}

function shown(text: string, [start, end]: readonly [number, number]): string {
  return text.slice(start, end);
}

describe('search', () => {
  let t: TestApp;
  const search = (params: Record<string, string | number | boolean>, headers: Headers = {}) =>
    searchOn(t, { suggest: true, ...params }, headers);

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('finds titles and ranks title matches before description and tag matches, then by popularity', async () => {
    const inDescription = await insertDrama(t, {
      slug: 'ranking-description',
      title: same('Ordinary Days'),
      description: same('A tale of the Quillwort family and their garden.'),
      views: 2_000_000_000,
    });
    const inTitle = await insertDrama(t, { slug: 'ranking-title', title: same('Quillwort Rising'), views: 10 });
    const inTitleHotter = await insertDrama(t, { slug: 'ranking-title-hot', title: same('The Quillwort Heir'), views: 500 });
    const data = await search({ keyword: 'quillwort' });
    expect(data.items.map((hit) => hit.drama.id)).toEqual([inTitleHotter, inTitle, inDescription]);
    expect(data.total).toBe(3);
    expect(data.keyword).toBe('quillwort');
    expect(data.items.map((hit) => hit.matchedIn)).toEqual([['title'], ['title'], ['description']]);
  });

  it('finds the seeded catalogue by tag name and says where it matched', async () => {
    const data = await search({ keyword: '契约婚姻', limit: 100 }, { 'accept-language': 'zh-CN' });
    const tagged = await t.database.db
      .selectFrom('drama_tags as dt')
      .innerJoin('tags as t', 't.id', 'dt.tag_id')
      .select('dt.drama_id')
      .where('t.slug', '=', 'contract-marriage')
      .execute();
    expect(tagged.length).toBeGreaterThan(0);
    const ids = data.items.map((hit) => hit.drama.id);
    for (const { drama_id } of tagged) expect(ids).toContain(drama_id);
    for (const hit of data.items.filter((item) => tagged.some((row) => row.drama_id === item.drama.id))) {
      expect(hit.matchedIn).toContain('tag');
      expect(hit.drama.tags.map((tag) => tag.name)).toContain('契约婚姻');
    }
  });

  it('is case-insensitive for English and highlights the title as shown', async () => {
    const id = await insertDrama(t, {
      slug: 'zephyrine-ceo',
      title: { 'zh-CN': '泽菲琳总裁', 'zh-Hant': '澤菲琳總裁', 'en-US': 'The ZEPHYRINE Chief' },
    });
    for (const keyword of ['zephyrine', 'ZEPHYRINE', 'ZePhYrInE']) {
      const data = await search({ keyword }, { 'accept-language': 'en-US' });
      expect(data.items.map((hit) => hit.drama.id)).toEqual([id]);
      const hit = data.items[0] as SearchHit;
      expect(hit.titleRanges).toEqual([[4, 13]]);
      expect(shown(hit.drama.title, [4, 13])).toBe('ZEPHYRINE');
    }
    // Found through the English title, shown in Chinese: no range to highlight there.
    const zh = await search({ keyword: 'zephyrine' }, { 'accept-language': 'zh-CN' });
    expect(zh.items[0]?.drama.title).toBe('泽菲琳总裁');
    expect(zh.items[0]?.titleRanges).toEqual([]);
  });

  it('finds Traditional-only text with a Simplified keyword, and Simplified-only text with a Traditional one', async () => {
    const traditional = await insertDrama(t, {
      slug: 'traditional-only',
      title: same('驪歌鐵騎錄'),
      description: same('邊關風雪中，一支鐵騎踏破長夜。'),
    });
    const simplified = await insertDrama(t, {
      slug: 'simplified-only',
      title: same('骏马秋风录'),
      description: same('塞北秋风里，一匹骏马独自归来。'),
    });
    for (const [keyword, expected, range] of [
      ['骊歌铁骑', traditional, [0, 4]],
      ['铁骑', traditional, [2, 4]],
      ['鐵', traditional, [2, 3]],
      ['駿馬秋風', simplified, [0, 4]],
      ['駿馬', simplified, [0, 2]],
    ] as const) {
      const data = await search({ keyword }, { 'accept-language': 'zh-Hant' });
      expect(
        data.items.map((hit) => hit.drama.id),
        keyword,
      ).toContain(expected);
      const hit = data.items.find((item) => item.drama.id === expected) as SearchHit;
      expect(hit.titleRanges[0], keyword).toEqual(range);
      expect(normalizeForSearch(shown(hit.drama.title, range))).toBe(normalizeKeyword(keyword));
    }
    // The description's excerpt, with the match highlighted in the text as stored.
    const data = await search({ keyword: '长夜' });
    const hit = data.items.find((item) => item.drama.id === traditional) as SearchHit;
    expect(hit.matchedIn).toEqual(['description']);
    expect(hit.snippet?.text).toBe('邊關風雪中，一支鐵騎踏破長夜。');
    expect(hit.snippet?.ranges).toEqual([[12, 14]]);
  });

  it('keeps up with a retitled drama and a renamed tag', async () => {
    const id = await insertDrama(t, { slug: 'retitled', title: same('Marigold Promise'), tagSlugs: ['mystery'] });
    expect((await search({ keyword: 'marigold' })).items.map((hit) => hit.drama.id)).toEqual([id]);
    await t.database.db.updateTable('dramas').set({ title: JSON.stringify(same('Heliotrope Vow')) }).where('id', '=', id).execute();
    await indexed(t);
    expect((await search({ keyword: 'marigold' })).total).toBe(0);
    expect((await search({ keyword: 'heliotrope' })).items.map((hit) => hit.drama.id)).toEqual([id]);

    const before = await t.database.db.selectFrom('tags').select('name').where('slug', '=', 'mystery').executeTakeFirstOrThrow();
    await t.database.db
      .updateTable('tags')
      .set({ name: JSON.stringify({ ...before.name, 'en-US': 'Mystery Noirwood' }) })
      .where('slug', '=', 'mystery')
      .execute();
    await indexed(t);
    const data = await search({ keyword: 'noirwood', limit: 100 });
    expect(data.items.map((hit) => hit.drama.id)).toContain(id);
    expect(data.items.every((hit) => hit.matchedIn.includes('tag'))).toBe(true);
  });

  it('takes LIKE wildcards and the escape character literally', async () => {
    const percent = await insertDrama(t, { slug: 'percent', title: same('Love 100% Pure') });
    const underscore = await insertDrama(t, { slug: 'underscore', title: same('snake_case Romance') });
    const backslash = await insertDrama(t, { slug: 'backslash', title: same('Path C:\\Heart') });
    expect((await search({ keyword: '%' })).items.map((hit) => hit.drama.id)).toEqual([percent]);
    expect((await search({ keyword: '100%' })).items.map((hit) => hit.drama.id)).toEqual([percent]);
    expect((await search({ keyword: '_' })).items.map((hit) => hit.drama.id)).toEqual([underscore]);
    expect((await search({ keyword: 'e_c' })).items.map((hit) => hit.drama.id)).toEqual([underscore]);
    expect((await search({ keyword: ':\\h' })).items.map((hit) => hit.drama.id)).toEqual([backslash]);
    expect((await search({ keyword: '%%zzqx' })).total).toBe(0);
  });

  it('answers an empty result for a keyword that matches nothing', async () => {
    const data = await search({ keyword: 'zzqx-nothing-here' });
    expect(data).toMatchObject({ items: [], total: 0, page: 1, limit: 20, keyword: 'zzqx-nothing-here' });
  });

  it('pages through the results without overlap', async () => {
    const all = await search({ keyword: '的', limit: 100 });
    expect(all.total).toBeGreaterThan(4);
    const ids: number[] = [];
    for (let page = 1; page <= Math.ceil(all.total / 3); page += 1) {
      const data = await search({ keyword: '的', limit: 3, page });
      expect(data.total).toBe(all.total);
      ids.push(...data.items.map((hit) => hit.drama.id));
    }
    expect(ids).toEqual(all.items.map((hit) => hit.drama.id));
    const past = await search({ keyword: '的', limit: 3, page: 1000 });
    expect(past).toMatchObject({ items: [], total: all.total });
  });

  it.each([
    ['a too long keyword', `keyword=${'长'.repeat(SEARCH_KEYWORD_MAX + 1)}`],
    ['no keyword', 'page=1'],
    ['a blank keyword', 'keyword=%20%20'],
    ['page 0', 'keyword=ceo&page=0'],
    ['a page past the bound', 'keyword=ceo&page=10001'],
    ['limit 0', 'keyword=ceo&limit=0'],
    ['limit 101', 'keyword=ceo&limit=101'],
    ['a bad suggest flag', 'keyword=ceo&suggest=yes'],
  ])('refuses %s with 400 VALIDATION_FAILED', async (_, query) => {
    const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.search()}?${query}` });
    expect(response.statusCode).toBe(400);
    expect(errorEnvelopeSchema.parse(response.json()).code).toBe('VALIDATION_FAILED');
  });

  it('accepts a keyword of exactly the maximum length', async () => {
    const data = await search({ keyword: '长'.repeat(SEARCH_KEYWORD_MAX) });
    expect(data.total).toBe(0);
  });
});

describe('search on a server just started', () => {
  it('finds a drama written while the server was down as soon as the server says it is ready', async () => {
    let id = 0;
    const t = await createTestApp({}, {
      beforeReady: async (database) => {
        id = await writeDrama(database.db, { slug: 'written-while-down', title: same('Bramblewick Returns') });
      },
    });
    try {
      const stale = await t.database.db
        .selectFrom('dramas')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .whereRef('search_indexed_revision', '<>', 'search_revision')
        .executeTakeFirstOrThrow();
      expect(Number(stale.n)).toBe(0);
      const data = await searchOn(t, { keyword: 'bramblewick', suggest: true });
      expect(data.items.map((hit) => hit.drama.id)).toEqual([id]);
    } finally {
      await t.close();
    }
  });
});

describe('hot searches', () => {
  let t: TestApp;
  let now = Date.parse('2030-03-10T04:00:00Z');
  const admin = { authorization: '' };

  beforeAll(async () => {
    t = await createTestApp({ ADMIN_TOKEN: TEST_ADMIN_TOKEN }, { clock: () => new Date(now) });
    Object.assign(admin, await adminAuth(t, 'content'));
  });
  afterAll(async () => {
    await t.close();
  });

  async function hot(locale = 'zh-CN') {
    const response = await t.server.inject({
      method: 'GET',
      url: `${API_BASE}${apiPaths.hotSearches()}`,
      headers: { 'accept-language': locale },
    });
    expect(response.statusCode).toBe(200);
    return hotSearchResponseSchema.parse(response.json()).data.items;
  }

  async function countOf(keyword: string, locale = 'zh-CN'): Promise<number | undefined> {
    return (await hot(locale)).find((item) => normalizeKeyword(item.keyword) === normalizeKeyword(keyword))?.count;
  }

  async function positionOf(keyword: string, locale = 'zh-CN'): Promise<number> {
    return (await hot(locale)).findIndex((item) => normalizeKeyword(item.keyword) === normalizeKeyword(keyword));
  }

  const searchFrom = (ip: string, keyword: string, extra: Record<string, string | boolean> = {}, headers: Headers = {}) =>
    searchOn(t, { keyword, ...extra }, headers, ip);

  /** `count` searchers, each from an address of its own under `prefix`. */
  async function searchedBy(count: number, prefix: string, keyword: string): Promise<void> {
    for (let i = 1; i <= count; i += 1) await searchFrom(`${prefix}.${i}`, keyword);
  }

  const member = async () => (await buildUser(t.database.db, t.ctx.tokens)).auth;

  function blockedTerms(method: 'GET' | 'POST' | 'DELETE', term?: string, headers: Headers = admin) {
    return t.server.inject({
      method,
      url: `${API_BASE}${method === 'DELETE' ? apiPaths.consoleBlockedTerm(term ?? '') : apiPaths.consoleBlockedTerms()}`,
      headers,
      ...(method === 'POST' ? { payload: { term } } : {}),
    });
  }

  it('is never empty on a fresh start: the editorial titles fill it', async () => {
    const items = await hot('zh-CN');
    expect(items).toHaveLength(HOT_SEARCH_LIMIT);
    expect(items.every((item) => item.count === 0)).toBe(true);
    expect(new Set(items.map((item) => normalizeKeyword(item.keyword))).size).toBe(items.length);
    // Every filler is a keyword that finds its drama.
    for (const item of items.slice(0, 3)) {
      expect((await searchOn(t, { keyword: item.keyword, suggest: true })).total).toBeGreaterThan(0);
    }
    expect((await hot('en-US')).every((item) => !/[\u4e00-\u9fff]/.test(item.keyword))).toBe(true);
  });

  it('one person searching a keyword over and over never makes it hot', async () => {
    expect((await searchFrom('10.0.0.1', 'Af', { suggest: true })).total).toBeGreaterThan(0);
    for (let i = 0; i < 50; i += 1) await searchFrom('10.0.0.1', 'Af');
    expect(await countOf('Af', 'zh-CN')).toBeUndefined();
    expect(await countOf('Af', 'en-US')).toBeUndefined();
    // Not on later days either: a searcher is one searcher over the whole window.
    for (let day = 1; day <= 5; day += 1) {
      now += 86_400_000;
      await searchFrom('10.0.0.1', 'Af');
    }
    expect(await countOf('Af', 'en-US')).toBeUndefined();
    // Nor signed in as a member from the same address: one guest and one member are two.
    const auth = await member();
    for (let i = 0; i < 10; i += 1) await searchFrom('10.0.0.1', 'Af', {}, auth);
    expect(await countOf('Af', 'en-US')).toBeUndefined();
  });

  it('shows a keyword once five distinct searchers found something with it, counting searchers', async () => {
    await searchedBy(4, '10.0.1', '总裁');
    await searchFrom('10.0.1.1', '总裁');
    await searchFrom('10.0.1.1', ' 总裁 ');
    expect(await countOf('总裁')).toBeUndefined();
    await searchFrom('10.0.1.5', '总裁');
    expect(await countOf('总裁')).toBe(HOT_SEARCH_MIN_SEARCHERS);
    await searchFrom('10.0.1.5', '总裁');
    expect(await countOf('总裁')).toBe(HOT_SEARCH_MIN_SEARCHERS);
  });

  it('counts members by account, but no more than two behind one address, and a guest address once', async () => {
    const accounts = await Promise.all([1, 2, 3, 4, 5, 6].map(() => member()));
    for (const auth of accounts) await searchFrom('10.0.2.1', 'Ceo', {}, auth);
    // IPv6 is one address per /64.
    for (let i = 1; i <= 6; i += 1) await searchFrom(`2001:db8:0:2::${i}`, 'Ceo');
    expect(await countOf('Ceo', 'en-US')).toBeUndefined();
    // A member seen from a second address is still one searcher.
    await searchFrom('10.0.2.2', 'Ceo', {}, accounts[0] ?? {});
    expect(await countOf('Ceo', 'en-US')).toBeUndefined();
    await searchedBy(2, '10.0.3', 'Ceo');
    expect(await countOf('Ceo', 'en-US')).toBe(HOT_SEARCH_MIN_SEARCHERS);
  });

  it('does not count typed-ahead searches or searches that found nothing', async () => {
    for (let i = 1; i <= 6; i += 1) await searchFrom(`10.0.4.${i}`, '复仇', { suggest: true });
    expect(await countOf('复仇')).toBeUndefined();
    for (let i = 1; i <= 6; i += 1) expect((await searchFrom(`10.0.4.${i}`, 'zzqx-no-such-drama')).total).toBe(0);
    expect(await countOf('zzqx-no-such-drama')).toBeUndefined();
    await searchedBy(5, '10.0.4', '复仇');
    expect(await countOf('复仇')).toBe(5);
  });

  it('keeps the editorial titles on top until a keyword has many more searchers', async () => {
    const editorial = (await hot('zh-CN')).filter((item) => item.count === 0).slice(0, HOT_SEARCH_EDITORIAL_TOP);
    let zh = await hot('zh-CN');
    expect(zh.slice(0, HOT_SEARCH_EDITORIAL_TOP)).toEqual(editorial);
    expect(await positionOf('总裁')).toBeGreaterThanOrEqual(HOT_SEARCH_EDITORIAL_TOP);

    await searchedBy(HOT_SEARCH_OVERTAKE - 1, '10.0.5', '千亿总裁');
    zh = await hot('zh-CN');
    expect(zh.slice(0, HOT_SEARCH_EDITORIAL_TOP)).toEqual(editorial);
    expect(zh[HOT_SEARCH_EDITORIAL_TOP]).toEqual({ keyword: '千亿总裁', count: HOT_SEARCH_OVERTAKE - 1 });

    await searchFrom('10.0.5.200', '千億總裁');
    zh = await hot('zh-CN');
    expect(zh[0]).toEqual({ keyword: '千亿总裁', count: HOT_SEARCH_OVERTAKE });
    expect(zh.slice(1, 1 + HOT_SEARCH_EDITORIAL_TOP)).toEqual(editorial);
    // Shown in the reader's script; ten in all, each once.
    expect((await hot('zh-Hant'))[0]).toEqual({ keyword: '千億總裁', count: HOT_SEARCH_OVERTAKE });
    expect(zh).toHaveLength(HOT_SEARCH_LIMIT);
    expect(new Set(zh.map((item) => normalizeKeyword(item.keyword))).size).toBe(zh.length);
  });

  it('merges cases in English keywords too, and ranks searched keywords by searchers', async () => {
    await searchedBy(3, '10.0.6', 'Revenge');
    await searchedBy(3, '10.0.7', 'REVENGE');
    const en = await hot('en-US');
    const revenge = en.findIndex((item) => normalizeKeyword(item.keyword) === 'revenge');
    expect(en[revenge]?.count).toBe(6);
    expect(revenge).toBeGreaterThanOrEqual(HOT_SEARCH_EDITORIAL_TOP);
    const searched = en.slice(HOT_SEARCH_EDITORIAL_TOP).filter((item) => item.count > 0).map((item) => item.count);
    expect(searched).toEqual([...searched].sort((a, b) => b - a));
  });

  it('lets the operator block a term, in any case or script, and let it back', async () => {
    expect((await blockedTerms('POST', 'REVENGE', {})).statusCode).toBe(401);
    expect((await blockedTerms('GET', undefined, { authorization: 'Bearer wrong' })).statusCode).toBe(401);

    const blocked = await blockedTerms('POST', ' REVENGE ');
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect(adminBlockedTermResponseSchema.parse(blocked.json()).data).toMatchObject({ term: 'REVENGE', keyword: 'revenge' });
    expect(await countOf('Revenge', 'en-US')).toBeUndefined();
    expect((await blockedTerms('POST', 'revenge')).statusCode).toBe(200);

    // Traditional blocks Simplified, and it holds however many search it.
    expect((await blockedTerms('POST', '千億總裁')).statusCode).toBe(200);
    await searchedBy(10, '10.0.8', '千亿总裁');
    expect(await countOf('千亿总裁')).toBeUndefined();
    expect(await countOf('千億總裁', 'zh-Hant')).toBeUndefined();

    // An editorial title too.
    const title = (await hot('en-US'))[0]?.keyword ?? '';
    expect((await blockedTerms('POST', title)).statusCode).toBe(200);
    expect(await positionOf(title, 'en-US')).toBe(-1);
    expect(await hot('en-US')).toHaveLength(HOT_SEARCH_LIMIT);

    const list = adminBlockedTermListResponseSchema.parse((await blockedTerms('GET')).json()).data.items;
    expect(list.map((item) => item.keyword).sort()).toEqual(['revenge', normalizeKeyword('千亿总裁'), normalizeKeyword(title)].sort());

    expect((await blockedTerms('DELETE', 'Revenge')).statusCode).toBe(200);
    expect(await countOf('Revenge', 'en-US')).toBe(6);
    const again = await blockedTerms('DELETE', 'Revenge');
    expect(again.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(again.json()).code).toBe('NOT_FOUND');
    expect((await blockedTerms('POST', '\u0001')).statusCode).toBe(400);
    expect((await blockedTerms('POST', 'x'.repeat(SEARCH_KEYWORD_MAX + 1))).statusCode).toBe(400);
  });

  it('sums the last 7 days only', async () => {
    expect(await countOf('复仇')).toBe(5);
    now += 6 * 86_400_000;
    expect(await countOf('复仇')).toBe(5);
    now += 86_400_000;
    expect(await countOf('复仇')).toBeUndefined();
    await searchedBy(4, '10.0.9', '复仇');
    expect(await countOf('复仇')).toBeUndefined();
    await searchFrom('10.0.9.5', '复仇');
    expect(await countOf('复仇')).toBe(5);
  });
});
