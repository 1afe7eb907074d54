import type { ExploreItem, Locale } from '@drama/contracts';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { CatalogueService } from '../catalogue/service.js';
import type { DiscoveryIndex } from '../discovery/discovery-index.js';
import type { CatalogueRow } from '../discovery/index.js';
import type { EpisodeRecord } from '../catalogue/index.js';
import { decodeCursor, encodeCursor, type ExploreCursor, PERSONAL_FEED_SIZE, type PopularCursor } from './cursor.js';
import * as queries from './queries.js';

/** A drama as a feed item shows it. */
type FeedRow = Omit<queries.ExploreRow, 'read_at'>;

/** A page of the popular order and when it was read (the database's clock, epoch ms). */
interface FeedPage {
  rows: FeedRow[];
  readAt: number;
}

/** The drama as a feed row when it has an episode to play, else nothing. */
function playable(row: CatalogueRow | undefined): FeedRow[] {
  return row?.episode ? [row as CatalogueRow & { episode: EpisodeRecord }] : [];
}

/** The latest read of the catalogue a page of the scroll came from. */
function seenAt(cursor: PopularCursor): number {
  return Math.max(cursor.startedAt, cursor.seenAt ?? 0);
}

/** A member's ranked dramas, best first (empty when they turned personalisation off or have no signal). */
export type RankedList = (userId: number) => Promise<number[]>;

/**
 * The explore feed: dramas ranked by a mix of recency and popularity (explore_score, kept by a
 * trigger), each with its first free episode ready to play (at the address /play gives), paged
 * by an opaque cursor.
 *
 * For a member with personalisation on and a "For you" list, a scroll begins with that list (up
 * to PERSONAL_FEED_SIZE dramas, by rank), then goes on in the popular order without the dramas
 * it served; the cursor says which phase it is in and what the personal phase served, so no
 * drama comes twice. For everyone else the feed, and its cursors, are the popular order alone.
 */
export class ExploreService {
  /**
   * @param discovery the in-memory catalogue pages are read from; null (DISCOVERY_INDEX=database)
   *   reads each page from the database.
   */
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
    private readonly rankedList: RankedList = async () => [],
    private readonly discovery: DiscoveryIndex | null = null,
  ) {}

  /**
   * A page of the popular order after `cursor`, without `exclude`, with the same rule as the
   * database's (queries.ts): from the in-memory order when there is one, read at least as late
   * as the scroll began.
   */
  private async popularRows(cursor: PopularCursor | null, limit: number, exclude: readonly number[]): Promise<FeedPage> {
    const discovery = this.discovery;
    if (!discovery) {
      const rows = await queries.findExplorePage(this.ctx.db, cursor, limit, exclude);
      return { rows, readAt: rows[0]?.read_at ?? 0 };
    }
    await discovery.fresh();
    // A scroll with a page from an instance that had read the catalogue later: catch up first
    // (not for a cursor from further ahead than that could be: not one of ours).
    const seen = cursor ? seenAt(cursor) : 0;
    if (seen > discovery.readAt && seen - discovery.readAt < queries.DROP_COMMIT_MARGIN_MS) await discovery.read();
    const entries = discovery.feed.page(
      {
        after: cursor ? { score: cursor.score, id: cursor.id } : null,
        droppedSince: cursor ? cursor.startedAt - queries.DROP_COMMIT_MARGIN_MS : null,
        exclude: new Set(exclude),
      },
      limit,
    );
    // The rows as held: the order and the rows change together, so each has its entry's score.
    return { rows: entries.flatMap((entry) => playable(discovery.get(entry.id))), readAt: discovery.readAt };
  }

  /** These dramas as feed rows, in no particular order; those not playable (or gone) are missing. */
  private async dramaRows(ids: number[]): Promise<FeedRow[]> {
    const discovery = this.discovery;
    if (!discovery) return queries.findExploreDramas(this.ctx.db, ids);
    await discovery.fresh();
    return ids.flatMap((id) => playable(discovery.get(id)));
  }

  async page(
    query: { cursor?: string | undefined; limit: number },
    locale: Locale,
    viewer: Viewer | null = null,
  ): Promise<{ items: ExploreItem[]; nextCursor: string | null }> {
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    if (cursor !== null && 'personal' in cursor) return this.personalPage(cursor.served, query.limit, locale, viewer);
    if (cursor === null && viewer) {
      const list = await this.rankedList(viewer.id);
      if (list.length > 0) return this.personalPage([], query.limit, locale, viewer, list);
    }
    return this.popularPage(cursor, query.limit, locale, []);
  }

  /** The popular order after `cursor`, without `exclude`. */
  private async popularPage(cursor: PopularCursor | null, limit: number, locale: Locale, exclude: number[]) {
    const excluded = cursor?.exclude ?? exclude;
    // One more than asked tells whether another page exists.
    const { rows, readAt } = await this.popularRows(cursor, limit + 1, excluded);
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    const next: PopularCursor | null =
      rows.length > limit && last
        ? {
            score: last.explore_score,
            id: last.id,
            startedAt: cursor?.startedAt ?? readAt,
            seenAt: Math.max(cursor ? seenAt(cursor) : 0, readAt),
            ...(excluded.length > 0 ? { exclude: excluded } : {}),
          }
        : null;
    return { items: page.map((row) => this.present(row, locale)), nextCursor: next ? encodeCursor(next) : null };
  }

  /**
   * The member's list by rank without what this scroll already served; when it runs out (or
   * reaches PERSONAL_FEED_SIZE) the page is filled from the start of the popular order without
   * everything served, and the cursor moves to that order.
   */
  private async personalPage(served: number[], limit: number, locale: Locale, viewer: Viewer | null, known?: number[]) {
    const list = known ?? (viewer ? await this.rankedList(viewer.id) : []);
    const room = Math.max(0, PERSONAL_FEED_SIZE - served.length);
    const wanted = list.filter((id) => !served.includes(id)).slice(0, room);
    const found = new Map((await this.dramaRows(wanted)).map((row) => [row.id, row]));
    const rows = wanted.flatMap((id) => found.get(id) ?? []);
    const page = rows.slice(0, limit);
    const nowServed = [...served, ...page.map((row) => row.id)];
    const items = page.map((row) => this.present(row, locale));
    if (rows.length > limit) return { items, nextCursor: encodeCursor({ personal: true, served: nowServed }) };
    // The personal phase is over: the rest of this page, and what follows, is the popular order.
    const rest = limit - page.length;
    const { rows: popular, readAt } = await this.popularRows(null, rest + 1, nowServed);
    if (rest === 0) {
      return { items, nextCursor: popular.length > 0 ? encodeCursor({ personal: true, served: nowServed }) : null };
    }
    const filled = popular.slice(0, rest);
    const last = filled[filled.length - 1];
    const next: PopularCursor | null =
      popular.length > rest && last ? { score: last.explore_score, id: last.id, startedAt: readAt, exclude: nowServed } : null;
    return {
      items: [...items, ...filled.map((row) => this.present(row, locale))],
      nextCursor: next ? encodeCursor(next) : null,
    };
  }

  private present(row: FeedRow, locale: Locale): ExploreItem {
    return {
      drama: presentDrama(row, row.tags, locale, this.ctx.config.MEDIA_BASE_URL),
      episode: { ...this.catalogue.playInfo(row.episode), durationSeconds: row.episode.duration_seconds },
    };
  }
}

export type { ExploreCursor };
