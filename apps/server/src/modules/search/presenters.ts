import type { SearchHit } from '@drama/contracts';
import type { ShownCard } from '../discovery/presented-cards.js';
import { matchRanges, snippetAround } from './normalize.js';
import type { SearchRow } from './queries.js';

/** Where a hit's keyword was found. */
export type HitPlaces = Pick<SearchRow, 'in_title' | 'in_description' | 'in_tags'>;

/** A hit as an answer holds it: its card may be kept JSON (presented-cards.ts). */
export type ShownHit = Omit<SearchHit, 'drama'> & { drama: ShownCard };

/**
 * One hit. Where it matched is judged on the normalised texts of every locale; the ranges are
 * offsets into the texts as shown in the request's locale (`shown`, what the card shows), so a
 * hit found through another locale's text (an English keyword on a Chinese page) has no ranges.
 */
export function presentHit(
  row: HitPlaces,
  drama: ShownCard,
  shown: { title: string; description: string },
  keyword: string,
): ShownHit {
  const matchedIn: SearchHit['matchedIn'] = [];
  if (row.in_title) matchedIn.push('title');
  if (row.in_description) matchedIn.push('description');
  if (row.in_tags) matchedIn.push('tag');
  // Found through the normalised texts of every locale: where it is in none, it is in no shown one.
  return {
    drama,
    matchedIn,
    titleRanges: row.in_title ? matchRanges(shown.title, keyword) : [],
    snippet: row.in_description ? snippetAround(shown.description, keyword) : null,
  };
}
