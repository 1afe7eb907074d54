import type { Db } from '../../db/database.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import { type FeedEntry, FeedOrder } from './feed-order.js';
import { PresentedCards } from './presented-cards.js';
import { type CatalogueRow, type Horizon, pruneRemovals, readChanges } from './queries.js';
import { type TextDoc, TextIndex } from './text-index.js';

/** Dramas whose texts changed since the text lists were built that they may carry before a rebuild. */
const TEXT_REBUILD_AT = 2_000;
/**
 * Moves the feed's order may carry before it is sorted afresh. Every view moves a drama, so this
 * is large; a page merges them by binary search, and a sort of 100,000 takes a few tens of ms.
 */
const FEED_REBUILD_AT = 20_000;
/**
 * Search ranks the dramas in its lists by their popularity when the lists were built: a change
 * of popularity alone (views, likes) waits for the next build, at most this long.
 */
export const POPULARITY_REFRESH_MS = 10 * 60_000;
/** The job that forgets old removals: database-wide, so once an hour across all instances. */
export const PRUNE_REMOVALS_JOB = 'discovery.prune-removals';
export const PRUNE_REMOVALS_EVERY_SECONDS = 3_600;

/**
 * Forgets removals older than a day (an instance down longer reads everything when it starts).
 * The removals are written by the database whether or not an instance keeps the index.
 */
export function pruneRemovalsJob(db: Db): JobDefinition<object> {
  return {
    name: PRUNE_REMOVALS_JOB,
    run: async () => {
      await pruneRemovals(db);
    },
  };
}

export interface DiscoveryOptions {
  /** How old the index may be when read (config DISCOVERY_MAX_LAG_MS). */
  maxLagMs: number;
  /** After a read of changes in which a published drama's texts, or the set of published dramas, changed. */
  onTextsChanged?: () => void;
  /** Where media is served from (config MEDIA_BASE_URL), for the cards' addresses. */
  mediaBaseUrl?: string | undefined;
  /** In place of TEXT_REBUILD_AT and FEED_REBUILD_AT: a test reaches a rebuild with a few changes. */
  textRebuildAt?: number;
  feedRebuildAt?: number;
  /** Builds the text lists (TextIndex.build): a test holds a build open to make changes during it. */
  buildText?: (docs: TextDoc[]) => Promise<TextIndex>;
}

function textDoc(row: CatalogueRow): TextDoc {
  return { id: row.id, hot: row.hot_score, title: row.search_title, description: row.search_description, tags: row.search_tags };
}

function feedEntry(row: CatalogueRow): FeedEntry {
  return { id: row.id, score: row.explore_score, droppedAt: row.dropped_at };
}

function sameTexts(a: TextDoc, row: CatalogueRow): boolean {
  return a.title === row.search_title && a.description === row.search_description && a.tags === row.search_tags;
}

/** A change to replay onto lists built meanwhile: a drama as read, or the id of one taken out. */
type Change = CatalogueRow | number;

/**
 * The published catalogue, held in memory by each instance: every published drama as search and
 * the feed show it, the search texts' index (text-index.ts) and the feed's order (feed-order.ts).
 *
 * It reads only what changed: each read takes the dramas stamped by transactions the previous
 * read could not see (0030), so a change made on any instance, or straight in the database, is
 * here by the next read. Reads run in the background every `maxLagMs`, and a call that finds the
 * index older than that waits for one (`fresh`).
 *
 * The feed follows every change of score at once (its rule against repeats needs the scores as
 * they are). Search follows changes of texts and publication at once, and of popularity alone
 * at its next build (POPULARITY_REFRESH_MS). Lists that carry many changes are built afresh in
 * the background and swapped in.
 */
export class DiscoveryIndex {
  private readonly rows = new Map<number, CatalogueRow>();
  private textIndex = TextIndex.empty();
  private feedOrder = new FeedOrder([]);
  private horizon: Horizon | null = null;
  private readAtMs = 0;
  /** performance.now() when the read the index is as fresh as began. */
  private readStartedAt = Number.NEGATIVE_INFINITY;
  /** performance.now() of the last forget(): only a read begun after it will do. */
  private forgottenAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readingStartedAt = 0;
  private nextRead: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  private builtAt = 0;
  /** A drama's popularity changed and search's lists still rank it by the old one. */
  private popularityStale = false;
  /** Changes that arrive while new text lists are built: replayed onto them before they are swapped in. */
  private duringBuild: Change[] | null = null;
  private timers: NodeJS.Timeout[] = [];
  private stopped = false;
  /**
   * Tag lists and category names as read, one object for all the dramas that have the same:
   * most dramas share them, and 100,000 copies of each would be most of the objects held.
   */
  private shared = new Map<string, unknown>();
  /** The dramas held, as search shows them. */
  readonly cards: PresentedCards;

  constructor(
    private readonly db: Db,
    private readonly options: DiscoveryOptions,
  ) {
    this.cards = new PresentedCards(options.mediaBaseUrl);
  }

  /**
   * Reads the whole published catalogue, in the background (calls wait for it: at 100,000 dramas
   * it takes seconds), and keeps reading its changes. `onBuilt` hears how long the first read took.
   */
  start(onError: (error: unknown) => void, onBuilt: (dramas: number, ms: number) => void = () => {}): void {
    this.stopped = false;
    const started = performance.now();
    this.read().then(() => onBuilt(this.rows.size, Math.round(performance.now() - started)), onError);
    const every = (ms: number, run: () => Promise<void>) => {
      const timer = setInterval(() => void run().catch(onError), ms);
      timer.unref();
      this.timers.push(timer);
    };
    // A loop of this instance's own, not a job: each instance's index is its own memory, so each
    // reads the changes itself. Twice as often as the lag allows, so that a call seldom finds the
    // index too old and waits.
    every(Math.max(this.options.maxLagMs / 2, 250), () => this.read());
  }

  async stop(): Promise<void> {
    this.stopped = true;
    for (const timer of this.timers) clearInterval(timer);
    this.timers = [];
    await this.nextRead?.catch(() => undefined);
    await this.reading?.catch(() => undefined);
    await this.building?.catch(() => undefined);
  }

  /** The index, no older than maxLagMs: waits for a read of the changes when it is older. */
  async fresh(): Promise<void> {
    // Not read yet (starting, or the first read failed): wait for the first, or try again.
    if (this.horizon === null) return this.reading ?? this.read();
    const now = performance.now();
    const since = Math.max(now - this.options.maxLagMs, this.forgottenAt);
    if (this.readStartedAt >= since) return;
    // A read under way that began late enough is as good as a new one.
    if (this.reading && this.readingStartedAt >= since) return this.reading;
    return this.read();
  }

  /** Reads the changes made before this call (a read already under way may have begun earlier). */
  read(): Promise<void> {
    if (!this.reading) return this.startRead();
    this.nextRead ??= this.reading
      .catch(() => undefined)
      .then(() => {
        this.nextRead = null;
        return this.startRead();
      });
    return this.nextRead;
  }

  /** Makes the next call wait for a read begun after this (this instance changed the catalogue). */
  forget(): void {
    this.forgottenAt = performance.now();
  }

  /** Waits for a rebuild of the text lists under way, if any, to be swapped in. */
  async rebuilt(): Promise<void> {
    await this.building;
  }

  /** Whether the whole catalogue has been read once (calls before then wait for it). */
  get loaded(): boolean {
    return this.horizon !== null;
  }

  /** When the index was read, on the database's clock (epoch ms). */
  get readAt(): number {
    return this.readAtMs;
  }

  get text(): TextIndex {
    return this.textIndex;
  }

  get feed(): FeedOrder {
    return this.feedOrder;
  }

  /** A published drama as held, or undefined. */
  get(id: number): CatalogueRow | undefined {
    return this.rows.get(id);
  }

  get size(): number {
    return this.rows.size;
  }

  private startRead(): Promise<void> {
    const startedAt = performance.now();
    this.readingStartedAt = startedAt;
    const first = this.horizon === null;
    this.reading = readChanges(this.db, this.horizon)
      .then(async (changes) => {
        const textsChanged = this.apply(first ? changes.rows : [...changes.rows, ...changes.removed], first);
        if (first) {
          // The first read's lists are built before anything is served from them.
          this.feedOrder = new FeedOrder(this.feedEntries());
          await this.rebuildText();
        } else {
          this.maybeRebuild();
        }
        this.horizon = changes.horizon;
        this.readAtMs = changes.readAt;
        this.readStartedAt = startedAt;
        if (textsChanged) this.options.onTextsChanged?.();
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  /** Applies what a read found; returns whether texts or the set of published dramas changed. */
  private apply(changes: Change[], first: boolean): boolean {
    let textsChanged = false;
    for (const change of changes) {
      const id = typeof change === 'number' ? change : change.id;
      const held = this.rows.get(id);
      if (typeof change !== 'number' && change.status === 'published') {
        if (!held || !sameTexts(textDoc(held), change)) textsChanged = true;
        change.tags = this.share(change.tags);
        change.category_name = this.share(change.category_name);
        this.rows.set(id, change);
      } else if (held) {
        textsChanged = true;
        this.rows.delete(id);
      } else {
        continue;
      }
      if (!first) {
        this.putText(this.textIndex, change);
        this.putFeed(this.feedOrder, change);
        this.duringBuild?.push(change);
      }
    }
    return textsChanged;
  }

  private putText(text: TextIndex, change: Change): void {
    if (typeof change === 'number' || change.status !== 'published') {
      text.remove(typeof change === 'number' ? change : change.id);
      return;
    }
    const held = text.get(change.id);
    if (!held || !sameTexts(held, change)) text.upsert(textDoc(change));
    else if (held.hot !== change.hot_score) this.popularityStale = true;
  }

  private putFeed(feed: FeedOrder, change: Change): void {
    if (typeof change === 'number' || change.status !== 'published' || !change.episode) {
      feed.remove(typeof change === 'number' ? change : change.id);
      return;
    }
    feed.upsert(feedEntry(change));
  }

  private feedEntries(): FeedEntry[] {
    const entries: FeedEntry[] = [];
    for (const row of this.rows.values()) if (row.episode) entries.push(feedEntry(row));
    return entries;
  }

  private maybeRebuild(): void {
    if (this.feedOrder.recentCount > (this.options.feedRebuildAt ?? FEED_REBUILD_AT)) this.feedOrder = new FeedOrder(this.feedEntries());
    const due = this.popularityStale && performance.now() - this.builtAt >= POPULARITY_REFRESH_MS;
    if (this.textIndex.recentCount > (this.options.textRebuildAt ?? TEXT_REBUILD_AT) || due) void this.rebuildText();
  }

  private share<T>(value: T): T {
    const key = JSON.stringify(value);
    const held = this.shared.get(key);
    if (held !== undefined) return held as T;
    this.shared.set(key, value);
    return value;
  }

  /** Builds the text lists afresh from the dramas held, in the background, and swaps them in. */
  private rebuildText(): Promise<void> {
    if (this.building) return this.building;
    const docs = [...this.rows.values()].map(textDoc);
    this.duringBuild = [];
    this.popularityStale = false;
    // Names no drama has any more are let go; the dramas keep the ones they have.
    this.shared = new Map();
    this.building = (async () => {
      try {
        const text = await (this.options.buildText ?? ((all: TextDoc[]) => TextIndex.build(all)))(docs);
        if (this.stopped) return;
        for (const change of this.duringBuild ?? []) this.putText(text, change);
        this.textIndex = text;
        this.builtAt = performance.now();
      } finally {
        this.duringBuild = null;
        this.building = null;
      }
    })();
    return this.building;
  }
}
