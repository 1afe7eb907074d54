import { HeldEntries } from './held-entries.js';

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

export interface PageRule {
  /** Only what comes after this position (null: from the top). */
  after: FeedPosition | null;
  /** Leaves out dramas whose score went down at or after this moment (epoch ms), if given. */
  droppedSince: number | null;
  exclude: ReadonlySet<number>;
}

function sameEntry(a: FeedEntry, b: FeedEntry): boolean {
  return a.score === b.score && a.droppedAt === b.droppedAt;
}

export class FeedOrder {
  private readonly held: HeldEntries<FeedEntry>;

  constructor(input: Iterable<FeedEntry>) {
    this.held = new HeldEntries(input, ahead, sameEntry);
  }

  get size(): number {
    return this.held.size;
  }

  get recentCount(): number {
    return this.held.recent.length;
  }

  current(): Iterable<FeedEntry> {
    return this.held.current();
  }

  get(id: number): FeedEntry | undefined {
    return this.held.get(id);
  }

  upsert(entry: FeedEntry): void {
    this.held.upsert(entry);
  }

  remove(id: number): void {
    this.held.remove(id);
  }

  /** Up to `want` entries in feed order that the rule lets through. */
  page(rule: PageRule, want: number): FeedEntry[] {
    const passes = (entry: FeedEntry) =>
      !rule.exclude.has(entry.id) && (rule.droppedSince === null || entry.droppedAt === null || entry.droppedAt < rule.droppedSince);
    const { built, dead, recent } = this.held;
    const start = (list: readonly FeedEntry[]) => {
      const after = rule.after;
      return after === null ? 0 : this.held.firstAfter(list, (entry) => ahead(after, entry));
    };
    const page: FeedEntry[] = [];
    let i = start(built);
    let j = start(recent);
    while (page.length < want) {
      while (i < built.length && (dead[i] === 1 || !passes(built[i] as FeedEntry))) i += 1;
      while (j < recent.length && !passes(recent[j] as FeedEntry)) j += 1;
      const x = built[i];
      const y = recent[j];
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
