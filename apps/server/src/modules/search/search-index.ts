import type { LocalizedText } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { normalizeForSearch } from './normalize.js';
import * as queries from './queries.js';
import type { SearchTexts } from './search-texts.js';

/**
 * Separates the locales' texts inside one normalised field. The normaliser turns every
 * whitespace character into a space, so no keyword contains it and no match spans two texts.
 */
const TEXT_SEPARATOR = '\n';

function isAscii(char: string): boolean {
  return (char.codePointAt(0) ?? 0) <= 0x7f;
}

/**
 * The non-ASCII characters of the texts and every pair of adjacent ones: what a keyword of one
 * or two CJK characters must be among (the trigram index cannot serve keywords that short).
 * ASCII characters (spaces, separators, English) break a pair.
 */
export function searchGrams(texts: string[]): string[] {
  const grams = new Set<string>();
  for (const text of texts) {
    let previous = '';
    for (const char of text) {
      if (isAscii(char)) {
        previous = '';
        continue;
      }
      grams.add(char);
      if (previous !== '') grams.add(previous + char);
      previous = char;
    }
  }
  return [...grams].sort();
}

/** Whether a normalised keyword is one the character-pair index serves. */
export function servedByGrams(keyword: string): boolean {
  const chars = [...keyword];
  return chars.length >= 1 && chars.length <= 2 && !chars.some(isAscii);
}

function joinNormalized(texts: string[]): string {
  const unique = new Set(texts.map(normalizeForSearch).filter((text) => text !== ''));
  return [...unique].join(TEXT_SEPARATOR);
}

function localeTexts(text: LocalizedText): string[] {
  return [text['zh-CN'], text['zh-Hant'], text['en-US']];
}

/** A drama's normalised search texts: every locale, Traditional and Simplified folded together. */
export function searchTextsOf(
  drama: { title: LocalizedText; description: LocalizedText },
  tagNames: LocalizedText[],
): SearchTexts {
  const title = joinNormalized(localeTexts(drama.title));
  const description = joinNormalized(localeTexts(drama.description));
  const tags = joinNormalized(tagNames.flatMap(localeTexts));
  return {
    search_title: title,
    search_description: description,
    search_tags: tags,
    search_grams: searchGrams([title, description, tags]),
  };
}

/**
 * Rewrites the search texts of every drama that triggers marked stale (new, retitled, retagged,
 * a tag renamed), in batches; returns how many it rewrote. Each row is written with the revision
 * it was read at, so a change that lands meanwhile leaves it stale for the next pass rather than
 * lost. Safe to run from several instances at once: they write the same values.
 */
export async function refreshSearchIndex(db: Db, batchSize = 500): Promise<number> {
  let rewritten = 0;
  let after = 0;
  for (;;) {
    const rows = await queries.findStaleSearchRows(db, after, batchSize);
    if (rows.length === 0) return rewritten;
    await queries.writeSearchTexts(
      db,
      rows.map((row) => ({ id: row.id, revision: row.search_revision, ...searchTextsOf(row, row.tag_names) })),
    );
    rewritten += rows.length;
    after = rows[rows.length - 1]?.id ?? after;
    if (rows.length < batchSize) return rewritten;
  }
}
