import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';
import { DRAMA_RECORD_COLUMNS, OPEN_BY_LINK_STATUSES } from '../catalogue/index.js';

export interface WatchKey {
  userId: number;
  dramaId: number;
}

/**
 * Records that a member started an episode, in one statement: upserts the member's record of
 * the drama (position 0 when the episode changes, kept when it is the same) and adds one view
 * to the drama unless this record already added one since `dayStart`. Two starts racing across
 * midnight may count twice; a view count does not need to be more exact than that.
 */
export async function recordWatch(
  db: Db,
  key: WatchKey & { episodeId: number; now: Date; dayStart: Date },
): Promise<void> {
  await db
    .with('previous', (qb) =>
      qb
        .selectFrom('watch_records')
        .select('view_counted_at')
        .where('user_id', '=', key.userId)
        .where('drama_id', '=', key.dramaId),
    )
    .with('recorded', (qb) =>
      qb
        .insertInto('watch_records')
        .values({
          user_id: key.userId,
          drama_id: key.dramaId,
          episode_id: key.episodeId,
          progress_seconds: 0,
          watched_at: key.now,
          view_counted_at: key.now,
        })
        .onConflict((oc) =>
          oc.columns(['user_id', 'drama_id']).doUpdateSet((eb) => ({
            progress_seconds: eb
              .case()
              .when('watch_records.episode_id', '=', eb.ref('excluded.episode_id'))
              .then(eb.ref('watch_records.progress_seconds'))
              .else(0)
              .end(),
            episode_id: eb.ref('excluded.episode_id'),
            watched_at: eb.ref('excluded.watched_at'),
            view_counted_at: eb
              .case()
              .when(
                eb.or([
                  eb('watch_records.view_counted_at', 'is', null),
                  eb('watch_records.view_counted_at', '<', key.dayStart),
                ]),
              )
              .then(eb.ref('excluded.view_counted_at'))
              .else(eb.ref('watch_records.view_counted_at'))
              .end(),
          })),
        )
        .returning('id'),
    )
    .updateTable('dramas')
    .set((eb) => ({ view_count: eb('view_count', '+', 1) }))
    .where('id', '=', key.dramaId)
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('previous').select('view_counted_at').where('view_counted_at', '>=', key.dayStart))),
    )
    .execute();
}

/**
 * Saves where a member is in a drama: one statement (an upsert), since every viewer reports
 * every 10 seconds. The caller has checked the episode and clamped the position.
 */
export async function saveProgress(
  db: Db,
  key: WatchKey & { episodeId: number; progressSeconds: number; now: Date },
): Promise<void> {
  await db
    .insertInto('watch_records')
    .values({
      user_id: key.userId,
      drama_id: key.dramaId,
      episode_id: key.episodeId,
      progress_seconds: key.progressSeconds,
      watched_at: key.now,
    })
    .onConflict((oc) =>
      oc.columns(['user_id', 'drama_id']).doUpdateSet((eb) => ({
        episode_id: eb.ref('excluded.episode_id'),
        progress_seconds: eb.ref('excluded.progress_seconds'),
        watched_at: eb.ref('excluded.watched_at'),
      })),
    )
    .execute();
}

export async function deleteRecord(db: Db, key: WatchKey): Promise<boolean> {
  const row = await db
    .deleteFrom('watch_records')
    .where('user_id', '=', key.userId)
    .where('drama_id', '=', key.dramaId)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

function recordsOfUser(db: Db, userId: number) {
  return db
    .selectFrom('watch_records as w')
    .innerJoin('dramas as d', 'd.id', 'w.drama_id')
    .innerJoin('episodes as e', 'e.id', 'w.episode_id')
    .where('w.user_id', '=', userId)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES);
}

const RECORD_COLUMNS = [
  'w.drama_id',
  'w.episode_id',
  'w.progress_seconds',
  'w.watched_at',
  'e.sequence as episode_sequence',
  'e.duration_seconds',
] as const;

/** A member's record of one published drama. */
export async function findRecord(db: Db, key: WatchKey) {
  return recordsOfUser(db, key.userId).select(RECORD_COLUMNS).where('w.drama_id', '=', key.dramaId).executeTakeFirst();
}

export type RecordRow = NonNullable<Awaited<ReturnType<typeof findRecord>>>;

/** A member's history: records of published dramas, most recently watched first. */
export async function findRecordsOfUser(db: Db, userId: number, page: PageWindow) {
  return withTotal(
    recordsOfUser(db, userId)
      .leftJoin('categories as c', 'c.id', 'd.category_id')
      .select([...DRAMA_RECORD_COLUMNS, ...RECORD_COLUMNS])
      .orderBy('w.watched_at', 'desc')
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    recordsOfUser(db, userId),
  );
}

export type RecordListRow = Awaited<ReturnType<typeof findRecordsOfUser>>['rows'][number];

/** Published episodes among `ids`, for checking a guest's history before merging it. */
export async function findEpisodes(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('episodes as e')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .select(['e.id', 'e.drama_id', 'e.is_free', 'e.duration_seconds'])
    .where('e.id', 'in', ids)
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES)
    .execute();
}

/**
 * Merges records into a member's history in one statement: a new drama is added; a drama
 * already there takes the merged position only when it was watched later. One entry per drama.
 * Returns how many records were added or replaced.
 */
export async function mergeRecords(
  db: Db,
  userId: number,
  entries: Array<{ dramaId: number; episodeId: number; progressSeconds: number; watchedAt: Date }>,
): Promise<number> {
  if (entries.length === 0) return 0;
  const rows = await db
    .insertInto('watch_records')
    .values(
      entries.map((entry) => ({
        user_id: userId,
        drama_id: entry.dramaId,
        episode_id: entry.episodeId,
        progress_seconds: entry.progressSeconds,
        watched_at: entry.watchedAt,
      })),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'drama_id'])
        .doUpdateSet((eb) => ({
          episode_id: eb.ref('excluded.episode_id'),
          progress_seconds: eb.ref('excluded.progress_seconds'),
          watched_at: eb.ref('excluded.watched_at'),
        }))
        .where((eb) => eb('watch_records.watched_at', '<', eb.ref('excluded.watched_at'))),
    )
    .returning('id')
    .execute();
  return rows.length;
}
