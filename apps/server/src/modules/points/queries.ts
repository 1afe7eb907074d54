import type { LocalizedText, PointsRecordType } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/** The balance and what the member earned in all and since `dayStart` (positive rows only). */
export async function findPointsTotals(db: Db, userId: number, dayStart: Date) {
  return db
    .selectFrom('users as u')
    .leftJoin('points_records as r', (join) => join.onRef('r.user_id', '=', 'u.id').on('r.amount', '>', 0))
    .select([
      'u.points as balance',
      sql<number>`coalesce(sum(r.amount), 0)::int`.as('total_earned'),
      sql<number>`coalesce(sum(r.amount) filter (where r.created_at >= ${dayStart}), 0)::int`.as('today_earned'),
    ])
    .where('u.id', '=', userId)
    .groupBy('u.id')
    .executeTakeFirst();
}

/** A member's ledger, newest first, optionally of one type. */
export async function findRecords(
  db: Db,
  filter: { userId: number; type?: PointsRecordType | undefined } & PageWindow,
) {
  let query = db.selectFrom('points_records').where('user_id', '=', filter.userId);
  if (filter.type !== undefined) query = query.where('type', '=', filter.type);
  return withTotal(
    query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    query,
  );
}

/** The names of the mall items some records were exchanged for, in every locale. */
export async function findMallItemNames(db: Db, ids: readonly number[]): Promise<Map<number, LocalizedText>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('mall_items').select(['id', 'name']).where('id', 'in', [...new Set(ids)]).execute();
  return new Map(rows.map((row) => [row.id, row.name]));
}
