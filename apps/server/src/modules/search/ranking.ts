import type { TextIndex } from '../discovery/text-index.js';
import { type Ranking, SEARCH_WINDOW } from './queries.js';

export interface RankRequest {
  /** Normalised (normalize.ts). */
  keyword: string;
  offset: number;
  limit: number;
}

/** How many dramas have the keyword, counted up to one past SEARCH_WINDOW. */
export function countInIndex(index: TextIndex, keyword: string): number {
  return index.count(keyword, SEARCH_WINDOW + 1);
}

/**
 * One page of the ranking within SEARCH_WINDOW, from the in-memory index: the top title matches
 * by popularity, and only when there are fewer of them than the page reaches, the top of the
 * other matches after them. `countTotal` (which a caller may cache per keyword) counts the
 * matches up to one past the window. Nothing here reads more than the page's reach of either
 * kind, or the window's worth to count.
 */
export function rankInIndex(index: TextIndex, request: RankRequest, countTotal: () => number): Ranking {
  const reach = Math.min(request.offset + request.limit, SEARCH_WINDOW);
  let ranked: Ranking['ranked'] = [];
  let matches: number | null = null;
  if (reach > request.offset) {
    const titles = index.top(request.keyword, 'title', reach);
    ranked = titles.map((doc) => ({ id: doc.id, in_title: true }));
    if (titles.length < reach) {
      // Every title match is known, so the count says whether there are others at all.
      matches = countTotal();
      if (matches > titles.length) {
        ranked.push(...index.top(request.keyword, 'other', reach - titles.length).map((doc) => ({ id: doc.id, in_title: false })));
      }
    }
  }
  matches ??= countTotal();
  return {
    ranked: ranked.slice(request.offset, request.offset + request.limit),
    total: Math.min(matches, SEARCH_WINDOW),
    capped: matches > SEARCH_WINDOW,
  };
}
