import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';
import { DRAMA_RECORD_COLUMNS, OPEN_BY_LINK_STATUSES } from '../catalogue/index.js';

/** A published drama's favourite count and whether this member favours it; undefined if none. */
export async function findFavoriteState(db: Db, dramaId: number, userId: number) {
  return db
    .selectFrom('dramas as d')
    .select((eb) => [
      'd.favorite_count',
      eb
        .exists(
          eb
            .selectFrom('favorites as f')
            .select(sql`1`.as('one'))
            .whereRef('f.drama_id', '=', 'd.id')
            .where('f.user_id', '=', userId),
        )
        .as('favorited'),
    ])
    .where('d.id', '=', dramaId)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES)
    .executeTakeFirst();
}

/** Adds a favourite; false if it was already there. */
export async function insertFavorite(db: Db, userId: number, dramaId: number): Promise<boolean> {
  const row = await db
    .insertInto('favorites')
    .values({ user_id: userId, drama_id: dramaId })
    .onConflict((oc) => oc.columns(['user_id', 'drama_id']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Removes a favourite; false if there was none. */
export async function deleteFavorite(db: Db, userId: number, dramaId: number): Promise<boolean> {
  const row = await db
    .deleteFrom('favorites')
    .where('user_id', '=', userId)
    .where('drama_id', '=', dramaId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Moves a drama's favourite count by one, never below 0; returns the new count. */
export async function bumpFavoriteCount(db: Db, dramaId: number, delta: 1 | -1): Promise<number> {
  const row = await db
    .updateTable('dramas')
    .set((eb) => ({
      favorite_count:
        delta > 0 ? eb('favorite_count', '+', 1) : sql<number>`greatest(${eb.ref('favorite_count')} - 1, 0)`,
    }))
    .where('id', '=', dramaId)
    .returning('favorite_count')
    .executeTakeFirst();
  return row?.favorite_count ?? 0;
}

function favoritesOfUser(db: Db, userId: number) {
  return db
    .selectFrom('favorites as f')
    .innerJoin('dramas as d', 'd.id', 'f.drama_id')
    .where('f.user_id', '=', userId)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES);
}

/**
 * A member's favourite published dramas, newest first, each with the sequence of the episode
 * the member last watched in it (from their watch record), if any.
 */
export async function findFavoritesOfUser(db: Db, userId: number, page: PageWindow) {
  return withTotal(
    favoritesOfUser(db, userId)
      .leftJoin('categories as c', 'c.id', 'd.category_id')
      .leftJoin('watch_records as w', (join) =>
        join.onRef('w.drama_id', '=', 'f.drama_id').onRef('w.user_id', '=', 'f.user_id'),
      )
      .leftJoin('episodes as e', 'e.id', 'w.episode_id')
      .select([...DRAMA_RECORD_COLUMNS, 'f.created_at as favorited_at', 'e.sequence as episode_sequence'])
      .orderBy('f.created_at', 'desc')
      .orderBy('f.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    favoritesOfUser(db, userId),
  );
}

export type FavoriteListRow = Awaited<ReturnType<typeof findFavoritesOfUser>>['rows'][number];
