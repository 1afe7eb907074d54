/**
 * The explore feed's order in memory: every playable published drama by explore_score, then id,
 * both descending. A page after a cursor is a binary search and a short walk.
 *
 * Built as sorted arrays and never edited, like the text index: a drama that moves or leaves
 * afterwards is marked dead there and kept in a small sorted `recent` list that every page merges
 * in, until the owner builds the order afresh.
 */

export interface FeedEntry {
  id: number;
  score: number;
  /** When explore_score last went down (epoch ms), or null. */
  droppedAt: number | null;
}

export interface FeedPosition {
  score: number;
  id: number;
}

/** Earlier in the feed: the higher score, then the higher id. */
function ahead(a: FeedPosition, b: FeedPosition): boolean {
  return a.score > b.score || (a.score === b.score && a.id > b.id);
}

/** The first index of `entries` (in feed order) that comes after `position`. */
function firstAfter(entries: readonly FeedEntry[], position: FeedPosition | null): number {
  if (position === null) return 0;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = entries[middle] as FeedEntry;
    if (ahead(position, entry)) high = middle;
    else low = middle + 1;
  }
  return low;
}

export interface PageRule {
  /** Only what comes after this position (null: from the top). */
  after: FeedPosition | null;
  /** Leaves out dramas whose score went down at or after this moment (epoch ms), if given. */
  droppedSince: number | null;
  exclude: ReadonlySet<number>;
}

export class FeedOrder {
  private readonly entries: FeedEntry[];
  private readonly slotOf = new Map<number, number>();
  private readonly dead: Uint8Array;
  private deadCount = 0;
  private readonly recent: FeedEntry[] = [];
  private readonly recentById = new Map<number, FeedEntry>();

  constructor(input: Iterable<FeedEntry>) {
    this.entries = [...input].sort((a, b) => (ahead(a, b) ? -1 : ahead(b, a) ? 1 : 0));
    this.dead = new Uint8Array(this.entries.length);
    this.entries.forEach((entry, slot) => this.slotOf.set(entry.id, slot));
  }

  get size(): number {
    return this.entries.length - this.deadCount + this.recent.length;
  }

  get recentCount(): number {
    return this.recent.length;
  }

  *current(): Iterable<FeedEntry> {
    for (let slot = 0; slot < this.entries.length; slot += 1) if (this.dead[slot] === 0) yield this.entries[slot] as FeedEntry;
    yield* this.recent;
  }

  get(id: number): FeedEntry | undefined {
    const recent = this.recentById.get(id);
    if (recent) return recent;
    const slot = this.slotOf.get(id);
    return slot === undefined || this.dead[slot] === 1 ? undefined : this.entries[slot];
  }

  upsert(entry: FeedEntry): void {
    const held = this.get(entry.id);
    if (held && held.score === entry.score && held.droppedAt === entry.droppedAt) return;
    this.remove(entry.id);
    this.recent.splice(firstAfter(this.recent, entry), 0, entry);
    this.recentById.set(entry.id, entry);
  }

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

  /** Up to `want` entries in feed order that the rule lets through. */
  page(rule: PageRule, want: number): FeedEntry[] {
    const passes = (entry: FeedEntry) =>
      !rule.exclude.has(entry.id) && (rule.droppedSince === null || entry.droppedAt === null || entry.droppedAt < rule.droppedSince);
    const page: FeedEntry[] = [];
    let i = firstAfter(this.entries, rule.after);
    let j = firstAfter(this.recent, rule.after);
    while (page.length < want) {
      while (i < this.entries.length && (this.dead[i] === 1 || !passes(this.entries[i] as FeedEntry))) i += 1;
      while (j < this.recent.length && !passes(this.recent[j] as FeedEntry)) j += 1;
      const x = this.entries[i];
      const y = this.recent[j];
      if (x === undefined && y === undefined) break;
      if (y === undefined || (x !== undefined && ahead(x, y))) {
        page.push(x as FeedEntry);
        i += 1;
      } else {
        page.push(y);
        j += 1;
      }
    }
    return page;
  }
}
