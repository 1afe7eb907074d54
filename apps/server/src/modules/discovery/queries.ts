import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { firstPlayableEpisode } from '../explore/index.js';
import { DRAMA_RECORD_COLUMNS, DRAMA_TAGS_JSON, type DramaRecord, type EpisodeRecord, type TagJson } from '../catalogue/index.js';

/** A drama as search and the feed show it, with what they rank and match it by. */
export interface CatalogueRow extends DramaRecord {
  status: string;
  hot_score: number;
  explore_score: number;
  /** explore_dropped_at in epoch ms, or null. */
  dropped_at: number | null;
  search_title: string;
  search_description: string;
  search_tags: string;
  tags: TagJson[];
  /** The first free episode that is published and ready: what the feed plays; null when none. */
  episode: EpisodeRecord | null;
}

/**
 * The transactions a read could not see: those running then (xip) and every one from xmax on.
 * The next read takes the dramas stamped by these, and only these.
 */
export interface Horizon {
  xmax: string;
  xip: string[];
}

export interface Changes {
  rows: CatalogueRow[];
  /** Dramas deleted outright. */
  removed: number[];
  horizon: Horizon;
  /** When they were read, on the database's clock (epoch ms). */
  readAt: number;
}

/** Stamped by a transaction the last read could not see. */
function unseen(column: 'd.change_xid' | 'change_xid', since: Horizon) {
  return sql<boolean>`(${sql.ref(column)} >= ${since.xmax}::bigint or ${sql.ref(column)} = any(${since.xip}::bigint[]))`;
}

/**
 * The dramas changed by transactions the last read could not see (0030's change_xid), or every
 * published one when `since` is null, and the horizon for the next call, read in one snapshot.
 */
export async function readChanges(db: Db, since: Horizon | null): Promise<Changes> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (trx) => {
      const { xmax, xip, read_at } = await sql<{ xmax: string; xip: string[]; read_at: number }>`
        select pg_snapshot_xmax(s)::text as xmax, array(select pg_snapshot_xip(s)::text) as xip,
          floor(extract(epoch from now()) * 1000)::float8 as read_at
        from (select pg_current_snapshot() as s) as snapshot`
        .execute(trx)
        .then((result) => result.rows[0] as { xmax: string; xip: string[]; read_at: number });
      let query = trx
        .selectFrom('dramas as d')
        .leftJoin('categories as c', 'c.id', 'd.category_id')
        .leftJoinLateral(firstPlayableEpisode().as('first'), (join) => join.onTrue())
        .select([
          ...DRAMA_RECORD_COLUMNS,
          'd.status',
          'd.hot_score',
          'd.explore_score',
          sql<number | null>`(extract(epoch from d.explore_dropped_at) * 1000)::float8`.as('dropped_at'),
          'd.search_title',
          'd.search_description',
          'd.search_tags',
          sql<EpisodeRecord | null>`case when first.id is null then null else row_to_json(first) end`.as('episode'),
          DRAMA_TAGS_JSON.as('tags'),
        ]);
      query = since === null ? query.where('d.status', '=', 'published') : query.where(unseen('d.change_xid', since));
      const rows = await query.execute();
      const removed =
        since === null
          ? []
          : await trx.selectFrom('drama_removals').select('drama_id').where(unseen('change_xid', since)).execute();
      return {
        rows: rows as CatalogueRow[],
        removed: removed.map((row) => row.drama_id),
        horizon: { xmax, xip },
        readAt: Number(read_at),
      };
    });
}

/** Forgets removals older than a day: an instance down longer reads everything when it starts. */
export async function pruneRemovals(db: Db): Promise<void> {
  await db.deleteFrom('drama_removals').where('removed_at', '<', sql<Date>`now() - interval '1 day'`).execute();
}
