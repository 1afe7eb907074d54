import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { LocalizedText } from '@drama/contracts';
import { DRAMA_RECORD_COLUMNS, DRAMA_TAGS_JSON, type DramaRecord, type EpisodeRecord } from '../catalogue/index.js';
import type { PopularCursor } from './cursor.js';

/**
 * How long a change that lowers a score may take between its trigger and its commit. A drop
 * stamped up to this long before a scroll began is treated as if it came after (see below).
 */
export const DROP_COMMIT_MARGIN_MS = 60_000;

export interface ExploreRow extends DramaRecord {
  explore_score: number;
  /** When this page was read, on the database's clock (epoch ms). */
  read_at: number;
  tags: Array<{ id: number; slug: string; name: LocalizedText }>;
  episode: EpisodeRecord;
}

/**
 * One page of the feed: published dramas that have a free episode, by explore_score then id,
 * both descending, after the cursor; each with its tags and its first free episode, in one
 * statement (a feed page is read from the database far more often than from a cache).
 *
 * Scores move while someone scrolls, so a plain keyset could serve a drama twice: one served on
 * page 1 whose score then falls below the cursor would come round again. Rising is harmless: a
 * drama already served only moves further above the cursor. So a scroll's later pages leave out
 * every drama whose score went down since the scroll began (explore_dropped_at, set by the
 * 0005 trigger). Any drama served earlier in the scroll sat at or above the cursor when it was
 * served and has not gone down since, so it is still above the cursor and cannot be served again.
 * The price is small: only a drop (an unlike, an unfavourite) hides a drama, and only for the
 * rest of that scroll. A drop is stamped when its statement runs but seen when it commits, so
 * drops stamped shortly before the scroll began are left out too (DROP_COMMIT_MARGIN_MS).
 * A drama that rises past the cursor mid-scroll is not shown in that scroll; the next one has it.
 */
export function explorePageQuery(db: Db, cursor: PopularCursor | null, limit: number, exclude: readonly number[] = []) {
  let query = playableDramas(db);
  if (exclude.length > 0) query = query.where('d.id', 'not in', exclude);
  if (cursor) {
    const droppedBefore = new Date(cursor.startedAt - DROP_COMMIT_MARGIN_MS);
    query = query
      .where(sql<boolean>`(d.explore_score, d.id) < (${cursor.score}::double precision, ${cursor.id}::integer)`)
      .where((eb) => eb.or([eb('d.explore_dropped_at', 'is', null), eb('d.explore_dropped_at', '<', droppedBefore)]));
  }
  return query.orderBy('d.explore_score', 'desc').orderBy('d.id', 'desc').limit(limit);
}

/**
 * The first free episode of the drama aliased `d` that is published and ready: what the feed
 * plays. Joined laterally as `first`.
 */
export function firstPlayableEpisode() {
  return sql<EpisodeRecord>`(select e.id, e.drama_id, e.sequence, e.is_free, e.duration_seconds, e.media_key
    from episodes as e
    where e.drama_id = d.id and e.is_free and e.status = 'published' and e.media_status = 'ready'
    order by e.sequence limit 1)`;
}

/** Published dramas with a free episode ready, each with its tags and that episode: what a feed item shows. */
function playableDramas(db: Db) {
  return db
    .selectFrom('dramas as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .innerJoinLateral(
      firstPlayableEpisode().as('first'),
      (join) => join.onTrue(),
    )
    .select([
      ...DRAMA_RECORD_COLUMNS,
      'd.explore_score',
      sql<number>`(extract(epoch from now()) * 1000)::bigint`.as('read_at'),
      sql<EpisodeRecord>`row_to_json(first)`.as('episode'),
      DRAMA_TAGS_JSON.as('tags'),
    ])
    .where('d.status', '=', 'published');
}

/**
 * A page of the popular order after the cursor, leaving out `exclude` (the dramas a personalised
 * scroll served before it reached the popular order).
 */
export async function findExplorePage(db: Db, cursor: PopularCursor | null, limit: number, exclude: readonly number[] = []): Promise<ExploreRow[]> {
  const rows = await explorePageQuery(db, cursor, limit, exclude).execute();
  return rows.map((row) => ({ ...row, read_at: Number(row.read_at) }));
}

/** These dramas as feed rows, in no particular order; those not playable (or gone) are missing. */
export async function findExploreDramas(db: Db, ids: readonly number[]): Promise<ExploreRow[]> {
  if (ids.length === 0) return [];
  const rows = await playableDramas(db).where('d.id', 'in', ids).execute();
  return rows.map((row) => ({ ...row, read_at: Number(row.read_at) }));
}
