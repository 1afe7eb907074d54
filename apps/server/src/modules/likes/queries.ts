import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';
import { OPEN_BY_LINK_STATUSES } from '../catalogue/index.js';

/** An episode's total like count and whether this member likes it; undefined if not published. */
export async function findLikeState(db: Db, episodeId: number, userId: number | null) {
  return db
    .selectFrom('episodes as e')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .select((eb) => [
      'e.like_count',
      userId === null
        ? sql<boolean>`false`.as('liked')
        : eb
            .exists(
              eb
                .selectFrom('episode_likes as l')
                .select(sql`1`.as('one'))
                .whereRef('l.episode_id', '=', 'e.id')
                .where('l.user_id', '=', userId),
            )
            .as('liked'),
    ])
    .where('e.id', '=', episodeId)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES)
    .executeTakeFirst();
}

/** Adds a member's like; false if it was already there. */
export async function insertLike(db: Db, userId: number, episodeId: number): Promise<boolean> {
  const row = await db
    .insertInto('episode_likes')
    .values({ user_id: userId, episode_id: episodeId })
    .onConflict((oc) => oc.columns(['user_id', 'episode_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a member's like; false if there was none. */
export async function deleteLike(db: Db, userId: number, episodeId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('episode_likes')
    .where('user_id', '=', userId)
    .where('episode_id', '=', episodeId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Moves an episode's like count by one, and the guests' share of it too for a guest's like.
 * A guest's unlike applies only while guests' likes remain, so neither count goes below 0.
 * Returns the new total, or undefined when nothing changed.
 */
export async function bumpEpisodeLikes(
  db: Db,
  episodeId: number,
  change: { delta: 1 | -1; anonymous: boolean },
): Promise<number | undefined> {
  let query = db
    .updateTable('episodes')
    .set((eb) => ({
      like_count:
        change.delta > 0 ? eb('like_count', '+', 1) : sql<number>`greatest(${eb.ref('like_count')} - 1, 0)`,
      ...(change.anonymous
        ? { anonymous_like_count: eb('anonymous_like_count', change.delta > 0 ? '+' : '-', 1) }
        : {}),
    }))
    .where('id', '=', episodeId);
  if (change.anonymous && change.delta < 0) query = query.where('anonymous_like_count', '>', 0);
  const row = await query.returning('like_count').executeTakeFirst();
  return row?.like_count;
}

/** Keeps the drama's like count (it feeds popularity) in step with its episodes'; never below 0. */
export async function bumpDramaLikes(db: Db, dramaId: number, delta: 1 | -1): Promise<void> {
  await db
    .updateTable('dramas')
    .set((eb) => ({
      like_count: delta > 0 ? eb('like_count', '+', 1) : sql<number>`greatest(${eb.ref('like_count')} - 1, 0)`,
    }))
    .where('id', '=', dramaId)
    .execute();
}

export async function findEpisodeLikeCount(db: Db, episodeId: number): Promise<number> {
  const row = await db.selectFrom('episodes').select('like_count').where('id', '=', episodeId).executeTakeFirst();
  return row?.like_count ?? 0;
}

function likesOfUser(db: Db, userId: number) {
  return db
    .selectFrom('episode_likes as l')
    .innerJoin('episodes as e', 'e.id', 'l.episode_id')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .where('l.user_id', '=', userId)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES);
}

/** A member's likes of published episodes, newest first. */
export async function findLikesOfUser(db: Db, userId: number, page: PageWindow) {
  return withTotal(
    likesOfUser(db, userId)
      .select([
        'l.id',
        'l.user_id',
        'l.created_at',
        'e.id as episode_id',
        'e.sequence',
        'e.drama_id',
        'd.title as drama_title',
        'd.cover_path',
      ])
      .orderBy('l.created_at', 'desc')
      .orderBy('l.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    likesOfUser(db, userId),
  );
}

export type LikeListRow = Awaited<ReturnType<typeof findLikesOfUser>>['rows'][number];
