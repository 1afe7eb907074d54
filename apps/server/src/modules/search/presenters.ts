import type { DramaSummary, SearchHit } from '@drama/contracts';
import { matchRanges, snippetAround } from './normalize.js';
import type { SearchRow } from './queries.js';

/** Where a hit's keyword was found. */
export type HitPlaces = Pick<SearchRow, 'in_title' | 'in_description' | 'in_tags'>;

/**
 * One hit. Where it matched is judged on the normalised texts of every locale; the ranges are
 * offsets into the texts as shown in the request's locale (`drama`), so a hit found through
 * another locale's text (an English keyword on a Chinese page) has no ranges to show.
 */
export function presentHit(row: HitPlaces, drama: DramaSummary, keyword: string): SearchHit {
  const matchedIn: SearchHit['matchedIn'] = [];
  if (row.in_title) matchedIn.push('title');
  if (row.in_description) matchedIn.push('description');
  if (row.in_tags) matchedIn.push('tag');
  // Found through the normalised texts of every locale: where it is in none, it is in no shown one.
  return {
    drama,
    matchedIn,
    titleRanges: row.in_title ? matchRanges(drama.title, keyword) : [],
    snippet: row.in_description ? snippetAround(drama.description, keyword) : null,
  };
}
