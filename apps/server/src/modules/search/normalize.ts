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

/**
 * Per UTF-16 unit: the one unit it normalises to when it stands alone, is no combining mark and
 * may be followed by none (-1: not such a unit; 0: not looked at yet). Printable ASCII, the CJK
 * ideographs and the punctuation around them, which is what titles and descriptions are made of.
 */
const simpleUnits = new Int32Array(0x10000);

function simpleRange(unit: number): boolean {
  return (
    (unit >= 0x20 && unit < 0x7f) ||
    (unit >= 0x4e00 && unit <= 0x9fff) ||
    (unit >= 0x2000 && unit <= 0x206f) ||
    (unit >= 0x3000 && unit <= 0x3029) ||
    (unit >= 0x3030 && unit <= 0x303f) ||
    (unit >= 0xff01 && unit <= 0xff5e)
  );
}

function simpleUnit(unit: number): number {
  let mapped = simpleUnits[unit] ?? -1;
  if (mapped === 0) {
    const folded = simpleRange(unit) ? normalizeUnit(String.fromCharCode(unit)) : '';
    mapped = folded.length === 1 ? folded.charCodeAt(0) : -1;
    simpleUnits[unit] = mapped;
  }
  return mapped;
}

/**
 * The normal form of a text made only of simple units (above), in which every unit maps to one
 * at the same offset; null for any other text. The same as normalizeForSearch, without the
 * pattern matching that finds each character's marks: what simpleMatchRanges compares against
 * in place, and its tests' reference.
 */
export function normalizeSimple(shown: string): string | null {
  const units: number[] = [];
  for (let i = 0; i < shown.length; i += 1) {
    const mapped = simpleUnit(shown.charCodeAt(i));
    if (mapped < 0) return null;
    units.push(mapped);
  }
  let out = '';
  for (let i = 0; i < units.length; i += 4_096) out += String.fromCharCode(...units.slice(i, i + 4_096));
  return out;
}

/**
 * Normal forms of shown texts: a page of hits highlights the same popular titles and descriptions
 * again and again. Bounded; past the bound it starts again.
 */
const normalizedShown = new Map<string, NormalizedText>();
const NORMALIZED_SHOWN_MAX = 20_000;

function normalizeWithOffsets(shown: string): NormalizedText {
  const held = normalizedShown.get(shown);
  if (held) return held;
  if (normalizedShown.size >= NORMALIZED_SHOWN_MAX) normalizedShown.clear();
  const normalized = normalizeShown(shown);
  normalizedShown.set(shown, normalized);
  return normalized;
}

/** Only for texts that are not simple: simple ones are matched in place (simpleMatchRanges). */
function normalizeShown(shown: string): NormalizedText {
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
  return simpleMatchRanges(shown, normalizedKeyword) ?? foldedMatchRanges(shown, normalizedKeyword);
}

/**
 * matchRanges for a text made only of simple units (normalizeSimple), compared unit by unit in
 * place: no normal form is made or kept. Null for any other text. A page of hits highlights
 * twenty titles and descriptions, and under a stream of new keywords the normal forms kept for
 * them lived just long enough to be copied out of the young generation.
 */
function simpleMatchRanges(shown: string, keyword: string): TextRange[] | null {
  for (let i = 0; i < shown.length; i += 1) if (simpleUnit(shown.charCodeAt(i)) < 0) return null;
  const ranges: TextRange[] = [];
  const last = shown.length - keyword.length;
  const first = keyword.charCodeAt(0);
  for (let at = 0; at <= last; at += 1) {
    if (simpleUnit(shown.charCodeAt(at)) !== first) continue;
    let length = 1;
    while (length < keyword.length && simpleUnit(shown.charCodeAt(at + length)) === keyword.charCodeAt(length)) length += 1;
    if (length < keyword.length) continue;
    ranges.push([at, at + length]);
    at += length - 1;
  }
  return ranges;
}

function foldedMatchRanges(shown: string, normalizedKeyword: string): TextRange[] {
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
