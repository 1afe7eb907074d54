import { HeldEntries } from './held-entries.js';

/**
 * The search texts of every published drama, in memory, with an index of their characters and
 * pairs of adjacent characters whose lists are in popularity order. A keyword is looked up
 * through the rarest of its grams (the character itself for a keyword of one, its pairs for a
 * longer one), walking that list from the most popular drama down and checking each candidate's
 * text, and the walk stops as soon as it has the results asked for: its length is bounded by
 * the list's and by how far down the popularity order the page reaches, never by how many
 * dramas match.
 *
 * The lists are built once and never edited. A drama that changes afterwards (its texts, its
 * popularity, its publication) is marked dead in them and kept in a small sorted `recent` list
 * instead, which every lookup also reads and merges in; when that list grows, the owner builds
 * a new index in the background (`TextIndex.build`, which yields to the event loop as it goes).
 */

export interface TextDoc {
  id: number;
  /** The ranking's popularity (hot_score): higher first, then the higher id. */
  hot: number;
  /** Normalised texts (modules/search/normalize.ts), the locales' texts separated by "\n". */
  title: string;
  description: string;
  tags: string;
}

/** A gram's key: a code point, or (first + 1) * PAIR + second for a pair (below 2^53). */
const PAIR = 0x110000;
/** "\n" separates the locales' texts: no pair spans it (no keyword contains it). */
const SEPARATOR = 10;
/** Documents indexed between two yields to the event loop while building. */
const BUILD_CHUNK = 250;

function forEachGram(text: string, add: (key: number) => void): void {
  let previous = -1;
  for (let i = 0; i < text.length; i += 1) {
    const cp = text.codePointAt(i) ?? 0;
    if (cp > 0xffff) i += 1;
    if (cp === SEPARATOR) {
      previous = -1;
      continue;
    }
    add(cp);
    if (previous >= 0) add((previous + 1) * PAIR + cp);
    previous = cp;
  }
}

/** The grams a keyword's matches all contain: itself when one character, else its pairs. */
export function keywordGrams(keyword: string): number[] {
  const keys: number[] = [];
  let previous = -1;
  let count = 0;
  for (const char of keyword) {
    const cp = char.codePointAt(0) ?? 0;
    if (previous >= 0) keys.push((previous + 1) * PAIR + cp);
    previous = cp;
    count += 1;
  }
  return count === 1 ? [previous] : keys;
}

/** Whether a keyword is a single gram: one character, or two (then its only pair). */
function isOneGram(keyword: string): boolean {
  let count = 0;
  for (const _ of keyword) count += 1;
  return count <= 2;
}

/** Higher popularity first, then the higher id: the order of every list here. */
export function before(a: { hot: number; id: number }, b: { hot: number; id: number }): boolean {
  return a.hot > b.hot || (a.hot === b.hot && a.id > b.id);
}

export function inTitle(doc: TextDoc, keyword: string): boolean {
  return doc.title.includes(keyword);
}

function inAny(doc: TextDoc, keyword: string): boolean {
  return doc.title.includes(keyword) || doc.description.includes(keyword) || doc.tags.includes(keyword);
}

/** A gram's key to its dense number, and each number's list of slots (ascending: popularity order). */
interface Postings {
  ids: Map<number, number>;
  lists: Int32Array[];
}

/** A growable counter per gram number. */
class Counters {
  values = new Int32Array(1 << 14);

  grow(size: number): void {
    if (size <= this.values.length) return;
    const grown = new Int32Array(Math.max(size, this.values.length * 2));
    grown.set(this.values);
    this.values = grown;
  }
}

/**
 * Builds the lists in two passes over the texts: the first counts each gram's dramas, the second
 * fills lists allocated at their exact length, so a build never holds growing arrays of boxed
 * numbers (twice the memory of the lists it makes: at 100,000 dramas, hundreds of MB). Each gram
 * gets a dense number once, so that per occurrence there is one map lookup and typed arrays.
 */
class ListBuilder {
  private readonly counts = new Counters();
  /** The last slot each gram was counted or filled for, plus one: a repeat in one text counts once. */
  private readonly last = new Counters();
  private lists: Int32Array[] = [];

  constructor(private readonly ids: Map<number, number>) {}

  count(key: number, slot: number): void {
    let id = this.ids.get(key);
    if (id === undefined) {
      id = this.ids.size;
      this.ids.set(key, id);
    }
    this.counts.grow(id + 1);
    this.last.grow(id + 1);
    if (this.last.values[id] === slot + 1) return;
    this.last.values[id] = slot + 1;
    this.counts.values[id] = (this.counts.values[id] ?? 0) + 1;
  }

  /** Between the passes: allocates every list. */
  allocate(): void {
    const size = this.ids.size;
    this.counts.grow(size);
    this.lists = Array.from({ length: size }, (_, id) => new Int32Array(this.counts.values[id] ?? 0));
    this.counts.values = new Int32Array(size);
    this.last.values = new Int32Array(size);
  }

  fill(key: number, slot: number): void {
    const id = this.ids.get(key);
    if (id === undefined || this.last.values[id] === slot + 1) return;
    this.last.values[id] = slot + 1;
    const at = this.counts.values[id] ?? 0;
    (this.lists[id] as Int32Array)[at] = slot;
    this.counts.values[id] = at + 1;
  }

  finish(): Postings {
    return { ids: this.ids, lists: this.lists };
  }
}

/** The first index at or after `from` whose slot is at least `slot` (lists ascend): galloping. */
function seek(list: Int32Array, from: number, slot: number): number {
  let low = from;
  let step = 1;
  let high = from;
  while (high < list.length && (list[high] as number) < slot) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  high = Math.min(high, list.length);
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((list[middle] as number) < slot) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Lists a walk checks each candidate against besides the one it walks. */
const FILTER_LISTS = 12;
/**
 * Texts one walk checks at most: about 2 ms. A real keyword's candidates (dramas holding all its
 * pairs) are rarely a tenth of this before its page or count is full.
 */
export const WALK_CHECKS = 20_000;

export interface Walk {
  found: TextDoc[];
  /** False when the walk stopped at its budget of checks, not at `want` or the lists' end. */
  complete: boolean;
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function sameDoc(a: TextDoc, b: TextDoc): boolean {
  return a.hot === b.hot && a.title === b.title && a.description === b.description && a.tags === b.tags;
}

export class TextIndex {
  /** The dramas by slot, in popularity order at build time, and those changed since. */
  private readonly held: HeldEntries<TextDoc>;

  private constructor(
    docs: TextDoc[],
    private readonly titleGrams: Postings,
    private readonly allGrams: Postings,
    private readonly checkBudget = WALK_CHECKS,
  ) {
    // Already in order: sorting again costs one pass.
    this.held = new HeldEntries(docs, before, sameDoc);
  }

  static empty(): TextIndex {
    return new TextIndex([], { ids: new Map(), lists: [] }, { ids: new Map(), lists: [] });
  }

  /**
   * Builds the index of these dramas, yielding to the event loop every `chunk` of them; a walk
   * checks at most `checkBudget` texts.
   */
  static async build(input: Iterable<TextDoc>, chunk = BUILD_CHUNK, checkBudget = WALK_CHECKS): Promise<TextIndex> {
    const docs = [...input].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    // One numbering for both: a title's grams are among its drama's grams.
    const ids = new Map<number, number>();
    const titles = new ListBuilder(ids);
    const all = new ListBuilder(ids);
    for (const pass of ['count', 'fill'] as const) {
      for (let slot = 0; slot < docs.length; slot += 1) {
        const doc = docs[slot] as TextDoc;
        const toTitle = (key: number) => {
          titles[pass](key, slot);
          all[pass](key, slot);
        };
        const toAll = (key: number) => all[pass](key, slot);
        forEachGram(doc.title, toTitle);
        forEachGram(doc.description, toAll);
        forEachGram(doc.tags, toAll);
        if (slot % chunk === chunk - 1) await yieldToEventLoop();
      }
      if (pass === 'count') {
        titles.allocate();
        all.allocate();
      }
    }
    const titleGrams = titles.finish();
    const allGrams = all.finish();
    return new TextIndex(docs, titleGrams, allGrams, checkBudget);
  }

  /** Dramas it holds (live ones in the lists and the recent ones). */
  get size(): number {
    return this.held.size;
  }

  /** Dramas read from the recent list by every lookup: the owner rebuilds when this grows. */
  get recentCount(): number {
    return this.held.recent.length;
  }

  /** Every drama it holds, current. */
  current(): Iterable<TextDoc> {
    return this.held.current();
  }

  get(id: number): TextDoc | undefined {
    return this.held.get(id);
  }

  /** Puts in a drama's current texts and popularity; unchanged ones cost nothing. */
  upsert(doc: TextDoc): void {
    this.held.upsert(doc);
  }

  /** Takes a drama out (unpublished, deleted). */
  remove(id: number): void {
    this.held.remove(id);
  }

  /**
   * The first `want` dramas (by popularity) with the keyword in the title. `complete` is false
   * when the walk stopped at its budget (then there may be more, and more popular, dramas with
   * the keyword).
   */
  inTitles(keyword: string, want: number): Walk {
    if (want <= 0) return { found: [], complete: true };
    const fromLists = this.walk(this.titleGrams, keyword, inTitle, want, isOneGram(keyword));
    const fromRecent: TextDoc[] = [];
    for (const doc of this.held.recent) {
      if (inTitle(doc, keyword)) {
        fromRecent.push(doc);
        if (fromRecent.length === want) break;
      }
    }
    return { found: merge(fromLists.found, fromRecent, want), complete: fromLists.complete };
  }

  /**
   * The first `cap` dramas (by popularity) with the keyword anywhere, in one walk: how many there
   * are up to `cap`, and (those without it in the title) the matches elsewhere in their order,
   * for the price of the count alone. `complete` as for inTitles().
   */
  matches(keyword: string, cap: number): Walk {
    const fromLists = this.walk(this.allGrams, keyword, inAny, cap, isOneGram(keyword));
    const fromRecent: TextDoc[] = [];
    for (const doc of this.held.recent) {
      if (fromRecent.length === cap) break;
      if (inAny(doc, keyword)) fromRecent.push(doc);
    }
    return { found: merge(fromLists.found, fromRecent, cap), complete: fromLists.complete };
  }

  /**
   * How many dramas have the keyword anywhere, counted up to `cap` and no further; `complete`
   * false when the walk stopped at its budget first (then there may be more).
   */
  count(keyword: string, cap: number): { count: number; complete: boolean } {
    const walk = this.walk(this.allGrams, keyword, inAny, cap, isOneGram(keyword));
    let found = walk.found.length;
    for (const doc of this.held.recent) {
      if (found >= cap) break;
      if (inAny(doc, keyword)) found += 1;
    }
    return { count: Math.min(found, cap), complete: walk.complete };
  }

  /**
   * Intersects the keyword's gram lists in popularity order and checks each drama in all of them
   * against the text; stops at `want`. The rarest list leads and the next rarest few are
   * searched forward from where they stand (galloping); where one skips past the leader's slot,
   * the leader jumps to that slot too, so a walk costs about the rarer lists' overlap, not the
   * leader's length. A keyword that is one gram (one or two characters) is exactly its list, so
   * `exact` skips the check. `budget` bounds the texts checked: a keyword whose every pair is
   * common but whose whole is rare (crafted, or a run of stop words) stops there, `complete`
   * false, instead of reading most of the catalogue.
   */
  private walk(
    postings: Postings,
    keyword: string,
    test: (doc: TextDoc, keyword: string) => boolean,
    want: number,
    exact = false,
  ): Walk {
    const budget = this.checkBudget;
    const found: TextDoc[] = [];
    const lists: Int32Array[] = [];
    for (const key of new Set(keywordGrams(keyword))) {
      const id = postings.ids.get(key);
      const list = id === undefined ? undefined : postings.lists[id];
      if (list === undefined || list.length === 0) return { found, complete: true };
      lists.push(list);
    }
    lists.sort((a, b) => a.length - b.length);
    const [walked, ...others] = lists;
    if (walked === undefined) return { found, complete: true };
    const filters = others.slice(0, FILTER_LISTS);
    const at = filters.map(() => 0);
    let checks = 0;
    let i = 0;
    candidates: while (i < walked.length && found.length < want) {
      const slot = walked[i] as number;
      for (let f = 0; f < filters.length; f += 1) {
        const filter = filters[f] as Int32Array;
        const position = seek(filter, at[f] as number, slot);
        at[f] = position;
        if (position >= filter.length) break candidates;
        const next = filter[position] as number;
        if (next !== slot) {
          i = seek(walked, i + 1, next);
          continue candidates;
        }
      }
      i += 1;
      if (this.held.dead[slot] === 1) continue;
      const doc = this.held.built[slot] as TextDoc;
      if (exact) {
        found.push(doc);
        continue;
      }
      if (checks === budget) return { found, complete: false };
      checks += 1;
      if (test(doc, keyword)) found.push(doc);
    }
    return { found, complete: true };
  }
}

/** The first `want` of two lists that are each in popularity order. */
function merge(a: TextDoc[], b: TextDoc[], want: number): TextDoc[] {
  if (b.length === 0) return a.slice(0, want);
  const merged: TextDoc[] = [];
  let i = 0;
  let j = 0;
  while (merged.length < want && (i < a.length || j < b.length)) {
    const x = a[i];
    const y = b[j];
    if (y === undefined || (x !== undefined && before(x, y))) {
      merged.push(x as TextDoc);
      i += 1;
    } else {
      merged.push(y);
      j += 1;
    }
  }
  return merged;
}
