import type { ExploreItem, Locale } from '@drama/contracts';
import type { AppContext } from '../../platform/context.js';
import { presentDrama } from '../catalogue/presenters.js';
import type { CatalogueService } from '../catalogue/service.js';
import { decodeCursor, encodeCursor, type ExploreCursor } from './cursor.js';
import * as queries from './queries.js';

/**
 * The explore feed: dramas ranked by a mix of recency and popularity (explore_score, kept by a
 * trigger), each with its first free episode ready to play (at the address /play gives), paged
 * by an opaque cursor.
 */
export class ExploreService {
  constructor(
    private readonly ctx: AppContext,
    private readonly catalogue: CatalogueService,
  ) {}

  async page(
    query: { cursor?: string | undefined; limit: number },
    locale: Locale,
  ): Promise<{ items: ExploreItem[]; nextCursor: string | null }> {
    const cursor = query.cursor === undefined ? null : decodeCursor(query.cursor);
    // One more than asked tells whether another page exists.
    const rows = await queries.findExplorePage(this.ctx.db, cursor, query.limit + 1);
    const page = rows.slice(0, query.limit);
    const base = this.ctx.config.MEDIA_BASE_URL;
    const items = page.map(
      (row): ExploreItem => ({
        drama: presentDrama(row, row.tags.map((tag) => ({ ...tag, drama_id: row.id })), locale, base),
        episode: { ...this.catalogue.playInfo(row.episode), durationSeconds: row.episode.duration_seconds },
      }),
    );
    const last = page[page.length - 1];
    const next: ExploreCursor | null =
      rows.length > query.limit && last
        ? { score: last.explore_score, id: last.id, startedAt: cursor?.startedAt ?? last.read_at }
        : null;
    return { items, nextCursor: next ? encodeCursor(next) : null };
  }
}
