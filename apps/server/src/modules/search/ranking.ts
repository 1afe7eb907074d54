import { inTitle, type TextIndex } from '../discovery/text-index.js';
import { type Ranking, SEARCH_WINDOW } from './queries.js';

export interface RankRequest {
  /** Normalised (normalize.ts). */
  keyword: string;
  offset: number;
  limit: number;
}

/** A count of matches: exact up to `count`, or (not `complete`) at least that many. */
export interface MatchCount {
  count: number;
  complete: boolean;
}

/** How many dramas have the keyword, counted up to one past SEARCH_WINDOW. */
export function countInIndex(index: TextIndex, keyword: string): MatchCount {
  return index.count(keyword, SEARCH_WINDOW + 1);
}

/**
 * One page of the ranking within SEARCH_WINDOW, from the in-memory index: the top title matches
 * by popularity, and only when there are fewer of them than the page reaches, the top of the
 * other matches after them. `countTotal` (which a caller may cache per keyword) counts the
 * matches up to one past the window. Nothing here reads more than the page's reach of either
 * kind, or the window's worth to count.
 */
export function rankInIndex(index: TextIndex, request: RankRequest, countTotal: () => MatchCount): Ranking {
  const reach = Math.min(request.offset + request.limit, SEARCH_WINDOW);
  let ranked: Ranking['ranked'] = [];
  let matches: MatchCount | null = null;
  // A walk cut at its budget (a keyword whose pairs are everywhere but whose whole is rare):
  // the page has what was found, and the total says "at least".
  let partial = false;
  if (reach > request.offset) {
    const titles = index.inTitles(request.keyword, reach);
    partial = !titles.complete;
    ranked = titles.found.map((doc) => ({ id: doc.id, in_title: true }));
    if (titles.found.length < reach) {
      // Every title match is known. One walk counts the matches and finds the others among
      // them: when it stops at the count's cap, it has passed more others than the page needs.
      const all = index.matches(request.keyword, SEARCH_WINDOW + 1);
      matches = { count: all.found.length, complete: all.complete };
      partial ||= !all.complete;
      const others = all.found.filter((doc) => !inTitle(doc, request.keyword)).slice(0, reach - titles.found.length);
      ranked.push(...others.map((doc) => ({ id: doc.id, in_title: false })));
    }
  }
  matches ??= countTotal();
  const total = Math.max(matches.count, partial ? ranked.length : 0);
  return {
    ranked: ranked.slice(request.offset, request.offset + request.limit),
    total: Math.min(total, SEARCH_WINDOW),
    capped: total > SEARCH_WINDOW || !matches.complete || partial,
  };
}
