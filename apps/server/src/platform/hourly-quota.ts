import type { Db } from '../db/database.js';
import { AppError } from './errors.js';

const HOUR_MS = 60 * 60 * 1000;

/** Tables whose rows say which member added them and when. */
export type MemberRowsTable = 'feedback' | 'uploads';

/**
 * Refuses with 429 RATE_LIMITED, saying when to retry, once a member added `limit` rows to
 * `table` in the hour before `now`. Run in a transaction that holds the member's row, parallel
 * adds cannot both pass.
 */
export async function enforceHourlyQuota(
  db: Db,
  table: MemberRowsTable,
  quota: { userId: number; limit: number; now: Date; what: string },
): Promise<void> {
  const { userId, limit, now } = quota;
  const row = await db
    .selectFrom(table)
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', new Date(now.getTime() - HOUR_MS))
    .executeTakeFirstOrThrow();
  if (Number(row.count) < limit) return;
  const freesAt = (row.oldest ? new Date(row.oldest).getTime() : now.getTime()) + HOUR_MS;
  const retryAfter = Math.max(1, Math.ceil((freesAt - now.getTime()) / 1000));
  throw new AppError('RATE_LIMITED', `At most ${limit} ${quota.what} an hour`, { retryAfter });
}
