import { API_BASE, apiPaths, searchResponseSchema } from '@drama/contracts';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeKeyword } from '../../src/modules/search/normalize.js';
import { fullSortRanking, SEARCH_WINDOW } from '../../src/modules/search/queries.js';
import { MemorySearch } from '../../src/modules/search/backends.js';
import { servedByGrams } from '../../src/modules/search/search-index.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The bounded ranking of the in-memory index (title matches first, the rest after, totals counted
 * up to the window) against the database's reference that reads and sorts every match, on a
 * catalogue where keywords match many dramas, few, in titles only, in descriptions only, or both.
 */
const DRAMAS = 1_300;
const titleWords = ['星辰', '霸总', 'Moonlight', '归来'];

function texts(i: number) {
  const word = titleWords[i % titleWords.length] ?? '';
  // Most dramas have 星辰 in the title; one in five has it in the description only.
  // Some long titles, whose pairs far outnumber a short one's.
  const long = i % 37 === 0 ? '很长的标题'.repeat(25) : '';
  const title = i % 5 === 0 ? `${word}之夜${long} ${i}` : `星辰${long}${word}传 ${i}`;
  const description = i % 3 === 0 ? `夜空里的星辰 ${i % 7}` : `A story told at night, part ${i % 11}`;
  return {
    title: JSON.stringify({ 'zh-CN': title, 'zh-Hant': title, 'en-US': `${word} ${i}` }),
    description: JSON.stringify({ 'zh-CN': description, 'zh-Hant': description, 'en-US': description }),
  };
}

describe('search ranking at scale', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = Array.from({ length: DRAMAS }, (_, index) => {
      const i = index + 1;
      return {
        slug: `ranking-scale-${i}`,
        ...texts(i),
        cover_path: 'none.jpg',
        episode_count: 1,
        free_episode_count: 1,
        // Ties on purpose (i % 97), so that the id breaks them.
        view_count: (i * 7919) % 97,
        status: i % 50 === 0 ? ('draft' as const) : ('published' as const),
      };
    });
    for (let first = 0; first < rows.length; first += 500) {
      await t.database.db.insertInto('dramas').values(rows.slice(first, first + 500)).execute();
    }
    await t.services.search.refreshIndex();
    await sql`analyze dramas`.execute(t.database.db);
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  const rank = async (keyword: string, offset: number, limit: number, fullSort: boolean) => {
    const normalized = normalizeKeyword(keyword);
    const filter = { keyword: normalized, byGrams: servedByGrams(normalized), offset, limit };
    const discovery = t.services.discovery;
    if (!discovery) throw new Error('the in-memory index is off');
    await discovery.fresh();
    if (fullSort) {
      const { ranked, total, capped } = await fullSortRanking(t.database.db, filter);
      return { hits: ranked.map((row) => [row.id, row.in_title]), total, capped };
    }
    // As searches are served: the keyword's kept ranking, sliced for the page.
    const { hits, total, capped } = await new MemorySearch(discovery).page(normalized, offset, limit);
    return { hits: hits.map((hit) => [hit.row.id, hit.in_title]), total, capped };
  };

  it.each([
    ['星辰', 'two CJK characters in most titles and some descriptions'],
    ['星', 'one CJK character'],
    ['夜空', 'two CJK characters in descriptions only'],
    ['星辰霸总', 'four CJK characters'],
    ['霸總', 'a Traditional keyword'],
    ['moonlight', 'an English word in a title'],
    ['night, part', 'English words in descriptions only'],
    ['之夜 1', 'a title match with a space'],
    ['zzqx', 'a keyword that matches nothing'],
  ])('ranks %s (%s) as the reference does, within the window', async (keyword) => {
    const all = await rank(keyword, 0, 10_000, true);
    for (const [offset, limit] of [
      [0, 20],
      [0, 7],
      [13, 7],
      [40, 30],
      [300, 100],
      [SEARCH_WINDOW - 10, 20],
    ] as const) {
      const bounded = await rank(keyword, offset, limit, false);
      const expected = all.hits.slice(offset, Math.min(offset + limit, SEARCH_WINDOW));
      expect(bounded.hits, `${keyword} at ${offset}+${limit}`).toEqual(expected);
      expect(bounded.total).toBe(Math.min(all.total, SEARCH_WINDOW));
      expect(bounded.capped).toBe(all.total > SEARCH_WINDOW);
    }
  });

  it('says so when more dramas match than it counts, and serves nothing past the window', async () => {
    const page = async (query: string) => {
      const response = await t.server.inject({ method: 'GET', url: `${API_BASE}${apiPaths.search()}?${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return searchResponseSchema.parse(response.json()).data;
    };
    const first = await page(`keyword=${encodeURIComponent('星辰')}&suggest=true&limit=20`);
    expect(first).toMatchObject({ total: SEARCH_WINDOW, totalCapped: true });
    expect(first.items).toHaveLength(20);
    const last = await page(`keyword=${encodeURIComponent('星辰')}&suggest=true&limit=20&page=${SEARCH_WINDOW / 20}`);
    expect(last.items).toHaveLength(20);
    const past = await page(`keyword=${encodeURIComponent('星辰')}&suggest=true&limit=20&page=${SEARCH_WINDOW / 20 + 1}`);
    expect(past).toMatchObject({ items: [], total: SEARCH_WINDOW, totalCapped: true });
    const few = await page(`keyword=${encodeURIComponent('星辰霸总')}&suggest=true`);
    expect(few.totalCapped).toBe(false);
    expect(few.total).toBeGreaterThan(0);
    expect(few.total).toBeLessThan(SEARCH_WINDOW);
  });
});
