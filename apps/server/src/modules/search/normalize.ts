import type { TextRange } from '@drama/contracts';
import * as OpenCC from 'opencc-js';

/**
 * The one normal form that stored texts and keywords are compared in: NFKC (full-width letters
 * and digits become ASCII), lower case, and Traditional characters folded to Simplified, so
 * that 閃婚 finds 闪婚, "CEO" finds "ceo" and ＡＢＣ finds abc.
 *
 * It works one character at a time (a base character with its combining marks), never on
 * phrases: the normal form of a text is then the concatenation of the normal forms of its
 * characters, so an offset in the normal form maps back to an offset in the shown text, which
 * is how hits are highlighted. OpenCC's phrase tables would tell 乾隆 from 乾淨 better, but a
 * search only needs both sides folded the same way, and a folded form is never shown.
 */

const toSimplified = [
  OpenCC.Converter({ from: 't', to: 'cn' }),
  OpenCC.Converter({ from: 'tw', to: 'cn' }),
  OpenCC.Converter({ from: 'hk', to: 'cn' }),
];

/** A base character and the combining marks that follow it (or marks with no base). */
const UNIT = /\P{M}\p{M}*|\p{M}+/gu;
const CONTROL = /\p{Cc}/gu;
const SPACE = /\s/gu;

const unitCache = new Map<string, string>();
const UNIT_CACHE_MAX = 50_000;

function normalizeUnit(unit: string): string {
  const cached = unitCache.get(unit);
  if (cached !== undefined) return cached;
  let folded = unit.normalize('NFKC').toLowerCase().replace(SPACE, ' ').replace(CONTROL, '');
  for (const convert of toSimplified) {
    const converted = convert(folded);
    if (converted !== folded) {
      folded = converted;
      break;
    }
  }
  if (unitCache.size < UNIT_CACHE_MAX) unitCache.set(unit, folded);
  return folded;
}

/** The normal form of a text (stored search columns, keywords). */
export function normalizeForSearch(text: string): string {
  let out = '';
  for (const match of text.matchAll(UNIT)) out += normalizeUnit(match[0]);
  return out;
}

/** A keyword's normal form, with runs of spaces collapsed; '' when nothing searchable is left. */
export function normalizeKeyword(keyword: string): string {
  return normalizeForSearch(keyword).replace(/ {2,}/g, ' ').trim();
}

/** The keyword as shown back and kept for the hot list: trimmed, spaces collapsed, no control characters. */
export function displayKeyword(keyword: string): string {
  return keyword.replace(CONTROL, '').replace(/\s+/gu, ' ').trim();
}

/** Number of characters (code points) of a text, which decides which index can serve a keyword. */
export function characterCount(text: string): number {
  let count = 0;
  for (const _ of text) count += 1;
  return count;
}

interface NormalizedText {
  normalized: string;
  /** For each UTF-16 offset of `normalized` (and its end), the offset in the shown text it came from. */
  toShown: number[];
}

function normalizeWithOffsets(shown: string): NormalizedText {
  let normalized = '';
  const toShown: number[] = [];
  for (const match of shown.matchAll(UNIT)) {
    const folded = normalizeUnit(match[0]);
    for (let i = 0; i < folded.length; i += 1) toShown.push(match.index);
    normalized += folded;
  }
  toShown.push(shown.length);
  return { normalized, toShown };
}

/**
 * The [start, end) ranges, in UTF-16 offsets of the shown text, where `keyword` (already
 * normalised) occurs, without overlaps. A match that starts or ends inside one shown character
 * (NFKC can turn one into several) widens to the whole character.
 */
export function matchRanges(shown: string, normalizedKeyword: string): TextRange[] {
  if (normalizedKeyword === '') return [];
  const { normalized, toShown } = normalizeWithOffsets(shown);
  const ranges: TextRange[] = [];
  let from = 0;
  for (;;) {
    const at = normalized.indexOf(normalizedKeyword, from);
    if (at < 0) break;
    const endAt = at + normalizedKeyword.length;
    const start = toShown[at] ?? shown.length;
    const end = unitEnd(toShown, endAt, shown.length);
    const last = ranges[ranges.length - 1];
    if (last && start < last[1]) last[1] = Math.max(last[1], end);
    else ranges.push([start, end]);
    from = endAt;
  }
  return ranges;
}

/** The end, in the shown text, of the character that produced normalised offset `endAt - 1`. */
function unitEnd(toShown: number[], endAt: number, shownLength: number): number {
  const lastStart = toShown[endAt - 1] ?? 0;
  for (let i = endAt; i < toShown.length; i += 1) {
    const offset = toShown[i] ?? shownLength;
    if (offset > lastStart) return offset;
  }
  return shownLength;
}

export const SNIPPET_BEFORE = 16;
export const SNIPPET_LENGTH = 72;
const ELLIPSIS = '…';

/**
 * A short excerpt of `shown` around the first match, with the match ranges inside it (offsets
 * into the excerpt, ellipsis included); null when the keyword does not occur in `shown`.
 */
export function snippetAround(
  shown: string,
  normalizedKeyword: string,
): { text: string; ranges: TextRange[] } | null {
  const ranges = matchRanges(shown, normalizedKeyword);
  const first = ranges[0];
  if (!first) return null;
  let start = Math.max(0, first[0] - SNIPPET_BEFORE);
  let end = Math.min(shown.length, Math.max(start + SNIPPET_LENGTH, first[1]));
  // Near the end of the text, show more of what comes before instead.
  if (end === shown.length) start = Math.max(0, Math.min(start, end - SNIPPET_LENGTH));
  // Never cut a surrogate pair or split a character from its marks.
  start = unitBoundary(shown, start, 'back');
  end = unitBoundary(shown, end, 'forward');
  const prefix = start > 0 ? ELLIPSIS : '';
  const suffix = end < shown.length ? ELLIPSIS : '';
  const shift = prefix.length - start;
  return {
    text: `${prefix}${shown.slice(start, end)}${suffix}`,
    ranges: ranges
      .filter(([s, e]) => s < end && e > start)
      .map(([s, e]): TextRange => [Math.max(s, start) + shift, Math.min(e, end) + shift]),
  };
}

function unitBoundary(text: string, offset: number, direction: 'back' | 'forward'): number {
  if (offset <= 0 || offset >= text.length) return offset;
  for (const match of text.matchAll(UNIT)) {
    const end = match.index + match[0].length;
    if (match.index < offset && offset < end) return direction === 'back' ? match.index : end;
    if (match.index >= offset) break;
  }
  return offset;
}
