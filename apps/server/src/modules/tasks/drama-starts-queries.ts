import { type ColumnType, sql } from 'kysely';
import type { Db } from '../../db/database.js';

/** How long a day's marks are kept: the task reads only today's; a day more covers time zones. */
export const DRAMA_STARTS_KEEP_DAYS = 2;

export interface DramaStartsTable {
  user_id: number;
  day_start: ColumnType<Date, Date | string, never>;
  drama_id: number;
}

declare module '../../db/schema.js' {
  interface Database {
    drama_starts: DramaStartsTable;
  }
  interface UsersTable {
    /** When the member first started an episode: an invitee counts from then on. */
    first_watched_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  }
}

/**
 * Marks that the member started an episode of the drama today, for the watch and invite tasks.
 * Written whether or not the member keeps a watch history: these marks are no history (nothing
 * resumes from them, nothing lists them) and a member with history off can still do the tasks.
 */
export async function markDramaStarted(db: Db, mark: { userId: number; dramaId: number; dayStart: Date; now: Date }): Promise<void> {
  await sql`with marked as (
      insert into drama_starts (user_id, day_start, drama_id)
      values (${mark.userId}, ${mark.dayStart}, ${mark.dramaId})
      on conflict do nothing
    )
    update users set first_watched_at = ${mark.now} where id = ${mark.userId} and first_watched_at is null`.execute(db);
}

/** Drops the marks of days no task reads any more; returns how many went. */
export async function pruneDramaStarts(db: Db, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - DRAMA_STARTS_KEEP_DAYS * 86_400_000);
  const result = await db.deleteFrom('drama_starts').where('day_start', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
