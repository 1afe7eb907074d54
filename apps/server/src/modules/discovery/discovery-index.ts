import type { Db } from '../../db/database.js';
import { FeedOrder, type FeedEntry } from './feed-order.js';
import { type CatalogueRow, readChanges } from './queries.js';
import { type TextDoc, TextIndex } from './text-index.js';

/** Dramas changed since the last build that the lists may carry before they are built afresh. */
const REBUILD_AT = 2_000;

export interface DiscoveryOptions {
  /** How old the index may be when read (config DISCOVERY_MAX_LAG_MS). */
  maxLagMs: number;
  /** After a read of changes in which a published drama's texts, or the set of published dramas, changed. */
  onTextsChanged?: () => void;
}

function textDoc(row: CatalogueRow): TextDoc {
  return { id: row.id, hot: row.hot_score, title: row.search_title, description: row.search_description, tags: row.search_tags };
}

function feedEntry(row: CatalogueRow): FeedEntry {
  return { id: row.id, score: row.explore_score, droppedAt: row.dropped_at };
}

function sameTexts(a: CatalogueRow, b: CatalogueRow): boolean {
  return a.search_title === b.search_title && a.search_description === b.search_description && a.search_tags === b.search_tags;
}

/**
 * The published catalogue, held in memory by each instance: every published drama as search and
 * the feed show it, the search texts' index (text-index.ts) and the feed's order (feed-order.ts).
 *
 * It reads only what changed: each read takes the dramas stamped by transactions from the
 * previous read's horizon on (0030), so a change made on any instance, or straight in the
 * database, is here by the next read. Reads run in the background every `maxLagMs`, and a call
 * that finds the index older than that waits for one (`fresh`). When many dramas have changed
 * since the lists were built, new ones are built in the background and swapped in.
 */
export class DiscoveryIndex {
  private readonly rows = new Map<number, CatalogueRow>();
  private textIndex = TextIndex.empty();
  private feedOrder = new FeedOrder([]);
  private horizon: string | null = null;
  private readAtMs = 0;
  /** performance.now() when the read the index is as fresh as began. */
  private readStartedAt = Number.NEGATIVE_INFINITY;
  private reading: Promise<void> | null = null;
  private readingStartedAt = 0;
  private nextRead: Promise<void> | null = null;
  private building: Promise<void> | null = null;
  /** Changes that arrive while new lists are built: replayed onto them before they are swapped in. */
  private duringBuild: CatalogueRow[] | null = null;
  private timer: NodeJS.Timeout | null = null;
  private stopped = false;
  /**
   * Tag lists and category names as read, one object for all the dramas that have the same:
   * most dramas share them, and 100,000 copies of each would be most of the objects held.
   */
  private shared = new Map<string, unknown>();

  constructor(
    private readonly db: Db,
    private readonly options: DiscoveryOptions,
  ) {}

  /**
   * Reads the whole published catalogue, in the background (calls wait for it: at 100,000 dramas
   * it takes seconds), and keeps reading its changes. `onBuilt` hears how long the first read took.
   */
  start(onError: (error: unknown) => void, onBuilt: (dramas: number, ms: number) => void = () => {}): void {
    this.stopped = false;
    const started = performance.now();
    this.read().then(() => onBuilt(this.rows.size, Math.round(performance.now() - started)), onError);
    this.timer = setInterval(() => void this.read().catch(onError), Math.max(this.options.maxLagMs, 250));
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.nextRead?.catch(() => undefined);
    await this.reading?.catch(() => undefined);
    await this.building?.catch(() => undefined);
  }

  /** The index, no older than maxLagMs: waits for a read of the changes when it is older. */
  async fresh(): Promise<void> {
    // Not read yet (starting, or the first read failed): wait for one.
    if (this.horizon === null) return this.read();
    const now = performance.now();
    if (now - this.readStartedAt <= this.options.maxLagMs) return;
    // A read under way that began within the lag is as good as a new one.
    if (this.reading && now - this.readingStartedAt <= this.options.maxLagMs) return this.reading;
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

  /** Makes the next call wait for a read (this instance changed the catalogue). */
  forget(): void {
    this.readStartedAt = Number.NEGATIVE_INFINITY;
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
        this.apply(changes.rows, first);
        // The first read's lists are built before anything is served from them.
        if (first) await this.rebuild();
        this.horizon = changes.horizon;
        this.readAtMs = changes.readAt;
        this.readStartedAt = startedAt;
      })
      .finally(() => {
        this.reading = null;
      });
    return this.reading;
  }

  private apply(changed: CatalogueRow[], first: boolean): void {
    let textsChanged = false;
    for (const row of changed) {
      const held = this.rows.get(row.id);
      if (row.status === 'published') {
        if (!held || !sameTexts(held, row)) textsChanged = true;
        row.tags = this.share(row.tags);
        row.category_name = this.share(row.category_name);
        this.rows.set(row.id, row);
      } else if (held) {
        textsChanged = true;
        this.rows.delete(row.id);
      } else {
        continue;
      }
      if (!first) {
        this.put(this.textIndex, this.feedOrder, row);
        this.duringBuild?.push(row);
      }
    }
    if (!first && this.textIndex.recentCount + this.feedOrder.recentCount > REBUILD_AT) {
      void this.rebuild();
    }
    if (textsChanged) this.options.onTextsChanged?.();
  }

  private share<T>(value: T): T {
    const key = JSON.stringify(value);
    const held = this.shared.get(key);
    if (held !== undefined) return held as T;
    this.shared.set(key, value);
    return value;
  }

  private put(text: TextIndex, feed: FeedOrder, row: CatalogueRow): void {
    if (row.status !== 'published') {
      text.remove(row.id);
      feed.remove(row.id);
      return;
    }
    text.upsert(textDoc(row));
    if (row.episode) feed.upsert(feedEntry(row));
    else feed.remove(row.id);
  }

  /** Builds the lists afresh from the dramas held, in the background, and swaps them in. */
  private rebuild(): Promise<void> {
    if (this.building) return this.building;
    const held = [...this.rows.values()];
    this.duringBuild = [];
    // Names no drama has any more are let go; the dramas keep the ones they have.
    this.shared = new Map();
    this.building = (async () => {
      try {
        const text = await TextIndex.build(held.map(textDoc));
        const feed = new FeedOrder(held.flatMap((row) => (row.episode ? [feedEntry(row)] : [])));
        if (this.stopped) return;
        for (const row of this.duringBuild ?? []) this.put(text, feed, row);
        this.textIndex = text;
        this.feedOrder = feed;
      } finally {
        this.duringBuild = null;
        this.building = null;
      }
    })();
    return this.building;
  }

  /** Waits for lists being built (the first read's, or a rebuild). */
  async built(): Promise<void> {
    await this.building;
  }
}
