import { describe, expect, it } from 'vitest';
import { type TextDoc, TextIndex } from '../discovery/text-index.js';
import { SEARCH_WINDOW } from './queries.js';
import { countInIndex, rankInIndex } from './ranking.js';

const doc = (id: number, title: string, description: string): TextDoc => ({ id, hot: id, title, description, tags: '' });

describe('ranking in the in-memory index', () => {
  it('ranks title matches first, then the rest, each by popularity, with an exact total', async () => {
    const index = await TextIndex.build([doc(1, 'moon river', ''), doc(2, 'sunrise', 'a moon'), doc(3, 'moonlight', ''), doc(4, 'rain', '')]);
    const ranking = rankInIndex(index, { keyword: 'moon', offset: 0, limit: 10 }, () => countInIndex(index, 'moon'));
    expect(ranking).toEqual({
      ranked: [
        { id: 3, in_title: true },
        { id: 1, in_title: true },
        { id: 2, in_title: false },
      ],
      total: 3,
      capped: false,
    });
  });

  it('says "at least" when a walk stopped at its budget, with what it found in order', async () => {
    // Every pair of "sea the" is in every text, and the keyword itself in the last two only.
    const docs = Array.from({ length: 50 }, (_, i) => doc(i + 1, `the sea and the tea ${i}`, i < 2 ? 'sea the' : ''));
    const index = await TextIndex.build(docs, 250, 10);
    const ranking = rankInIndex(index, { keyword: 'sea the', offset: 0, limit: 10 }, () => countInIndex(index, 'sea the'));
    expect(ranking.capped).toBe(true);
    expect(ranking.total).toBeGreaterThanOrEqual(ranking.ranked.length);
    // The two that have it sit at the bottom of the popularity order, beyond ten checks.
    expect(ranking.ranked).toEqual([]);
    const whole = await TextIndex.build(docs);
    expect(rankInIndex(whole, { keyword: 'sea the', offset: 0, limit: 10 }, () => countInIndex(whole, 'sea the'))).toEqual({
      ranked: [
        { id: 2, in_title: false },
        { id: 1, in_title: false },
      ],
      total: 2,
      capped: false,
    });
  });

  it('fills the window past the title matches with the most popular others when more match than it holds', async () => {
    // 1,200 dramas with "moon" in the description, the three least popular also in the title.
    const docs = Array.from({ length: 1_200 }, (_, i) => doc(i + 1, i < 3 ? `moon ${i}` : `star ${i}`, 'a moon tale'));
    const index = await TextIndex.build(docs);
    const byPopularity = [...docs].sort((a, b) => b.hot - a.hot);
    const expected = [...byPopularity.filter((d) => d.title.includes('moon')), ...byPopularity.filter((d) => !d.title.includes('moon'))]
      .slice(0, SEARCH_WINDOW)
      .map((d) => ({ id: d.id, in_title: d.title.includes('moon') }));
    for (const [offset, limit] of [
      [0, 10],
      [0, SEARCH_WINDOW],
      [995, 10],
      [SEARCH_WINDOW, 10],
    ] as const) {
      const ranking = rankInIndex(index, { keyword: 'moon', offset, limit }, () => countInIndex(index, 'moon'));
      expect(ranking).toEqual({ ranked: expected.slice(offset, offset + limit), total: SEARCH_WINDOW, capped: true });
    }
  });
});
