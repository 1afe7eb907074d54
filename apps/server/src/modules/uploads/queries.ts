import type { Db } from '../../db/database.js';
import type { UploadRow, UploadsTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export async function insertUpload(db: Db, values: Insertable<UploadsTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(values).returningAll().executeTakeFirstOrThrow();
}

/** How many images a member uploaded since `since`, and when the oldest of them was. */
export async function countUploadsSince(
  db: Db,
  userId: number,
  since: Date,
): Promise<{ count: number; oldest: Date | null }> {
  const row = await db
    .selectFrom('uploads')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.min('created_at').as('oldest')])
    .where('user_id', '=', userId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
}

/** Those of `ids` that are uploads of this member. */
export async function findOwnUploads(db: Db, userId: number, ids: readonly number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}
