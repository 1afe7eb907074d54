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

/** What a keyword can be found in. */
export type Field = 'title' | 'other';

/** A gram's key: a code point, or (first + 1) * PAIR + second for a pair (below 2^53). */
const PAIR = 0x110000;
/** "\n" separates the locales' texts: no pair spans it (no keyword contains it). */
const SEPARATOR = 10;
/** Documents indexed between two yields to the event loop while building. */
const BUILD_CHUNK = 1_000;

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

/** Higher popularity first, then the higher id: the order of every list here. */
export function before(a: { hot: number; id: number }, b: { hot: number; id: number }): boolean {
  return a.hot > b.hot || (a.hot === b.hot && a.id > b.id);
}

function inTitle(doc: TextDoc, keyword: string): boolean {
  return doc.title.includes(keyword);
}

function inOther(doc: TextDoc, keyword: string): boolean {
  return !doc.title.includes(keyword) && (doc.description.includes(keyword) || doc.tags.includes(keyword));
}

function inAny(doc: TextDoc, keyword: string): boolean {
  return doc.title.includes(keyword) || doc.description.includes(keyword) || doc.tags.includes(keyword);
}

const tests: Record<Field | 'any', (doc: TextDoc, keyword: string) => boolean> = { title: inTitle, other: inOther, any: inAny };

type Postings = Map<number, Int32Array>;

/**
 * Builds the lists in two passes over the texts: the first counts each gram's dramas, the second
 * fills lists allocated at their exact length, so a build never holds growing arrays of boxed
 * numbers (twice the memory of the lists it makes, at 100,000 dramas hundreds of MB).
 */
class ListBuilder {
  private readonly counts = new Map<number, number>();
  /** The last slot each gram was counted or filled for: a gram repeated in one text counts once. */
  private readonly last = new Map<number, number>();
  private readonly lists = new Map<number, Int32Array>();
  private readonly filled = new Map<number, number>();

  count(key: number, slot: number): void {
    if (this.last.get(key) === slot) return;
    this.last.set(key, slot);
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }

  /** Between the passes: allocates every list. */
  allocate(): void {
    for (const [key, count] of this.counts) this.lists.set(key, new Int32Array(count));
    this.counts.clear();
    this.last.clear();
  }

  fill(key: number, slot: number): void {
    const list = this.lists.get(key) as Int32Array;
    const at = this.filled.get(key) ?? 0;
    if (at > 0 && list[at - 1] === slot) return;
    list[at] = slot;
    this.filled.set(key, at + 1);
  }

  finish(): Postings {
    this.filled.clear();
    return this.lists;
  }
}

function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

export class TextIndex {
  /** Slot → drama, in popularity order at build time. */
  private readonly docs: TextDoc[];
  private readonly slotOf = new Map<number, number>();
  /** Slots whose drama changed or left since the build: skipped by every walk. */
  private readonly dead: Uint8Array;
  private deadCount = 0;
  /** Dramas added or changed since the build, in popularity order. */
  private readonly recent: TextDoc[] = [];
  private readonly recentById = new Map<number, TextDoc>();

  private constructor(
    docs: TextDoc[],
    private readonly titleGrams: Postings,
    private readonly allGrams: Postings,
  ) {
    this.docs = docs;
    this.dead = new Uint8Array(docs.length);
    docs.forEach((doc, slot) => this.slotOf.set(doc.id, slot));
  }

  static empty(): TextIndex {
    return new TextIndex([], new Map(), new Map());
  }

  /** Builds the index of these dramas, yielding to the event loop every BUILD_CHUNK of them. */
  static async build(input: Iterable<TextDoc>, chunk = BUILD_CHUNK): Promise<TextIndex> {
    const docs = [...input].sort((a, b) => (before(a, b) ? -1 : before(b, a) ? 1 : 0));
    const titles = new ListBuilder();
    const all = new ListBuilder();
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
    return new TextIndex(docs, titleGrams, allGrams);
  }

  /** Dramas it holds (live ones in the lists and the recent ones). */
  get size(): number {
    return this.docs.length - this.deadCount + this.recent.length;
  }

  /** Dramas read from the recent list by every lookup: the owner rebuilds when this grows. */
  get recentCount(): number {
    return this.recent.length;
  }

  /** Every drama it holds, current. */
  *current(): Iterable<TextDoc> {
    for (let slot = 0; slot < this.docs.length; slot += 1) if (this.dead[slot] === 0) yield this.docs[slot] as TextDoc;
    yield* this.recent;
  }

  get(id: number): TextDoc | undefined {
    const recent = this.recentById.get(id);
    if (recent) return recent;
    const slot = this.slotOf.get(id);
    return slot === undefined || this.dead[slot] === 1 ? undefined : this.docs[slot];
  }

  /** Puts in a drama's current texts and popularity; unchanged ones cost nothing. */
  upsert(doc: TextDoc): void {
    const held = this.get(doc.id);
    if (held && held.hot === doc.hot && held.title === doc.title && held.description === doc.description && held.tags === doc.tags) {
      return;
    }
    this.remove(doc.id);
    let low = 0;
    let high = this.recent.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (before(this.recent[middle] as TextDoc, doc)) low = middle + 1;
      else high = middle;
    }
    this.recent.splice(low, 0, doc);
    this.recentById.set(doc.id, doc);
  }

  /** Takes a drama out (unpublished, deleted). */
  remove(id: number): void {
    const slot = this.slotOf.get(id);
    if (slot !== undefined && this.dead[slot] === 0) {
      this.dead[slot] = 1;
      this.deadCount += 1;
    }
    const recent = this.recentById.get(id);
    if (recent) {
      this.recentById.delete(id);
      this.recent.splice(this.recent.indexOf(recent), 1);
    }
  }

  /**
   * The first `want` dramas (by popularity) with the keyword in `field`; "other" is: not in the
   * title, but in the description or the tags.
   */
  top(keyword: string, field: Field, want: number): TextDoc[] {
    if (want <= 0) return [];
    const test = tests[field];
    const fromLists = this.walk(field === 'title' ? this.titleGrams : this.allGrams, keyword, test, want);
    const fromRecent: TextDoc[] = [];
    for (const doc of this.recent) {
      if (test(doc, keyword)) {
        fromRecent.push(doc);
        if (fromRecent.length === want) break;
      }
    }
    return merge(fromLists, fromRecent, want);
  }

  /** How many dramas have the keyword anywhere, counted up to `cap` and no further. */
  count(keyword: string, cap: number): number {
    let found = this.walk(this.allGrams, keyword, inAny, cap).length;
    for (const doc of this.recent) {
      if (found >= cap) break;
      if (inAny(doc, keyword)) found += 1;
    }
    return Math.min(found, cap);
  }

  private walk(postings: Postings, keyword: string, test: (doc: TextDoc, keyword: string) => boolean, want: number): TextDoc[] {
    let list: Int32Array | undefined;
    for (const key of keywordGrams(keyword)) {
      const candidates = postings.get(key);
      if (candidates === undefined) return [];
      if (list === undefined || candidates.length < list.length) list = candidates;
    }
    const found: TextDoc[] = [];
    if (list === undefined) return found;
    for (let i = 0; i < list.length && found.length < want; i += 1) {
      const slot = list[i] as number;
      if (this.dead[slot] === 1) continue;
      const doc = this.docs[slot] as TextDoc;
      if (test(doc, keyword)) found.push(doc);
    }
    return found;
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
