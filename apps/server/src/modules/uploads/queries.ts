import type { Db } from '../../db/database.js';
import type { UploadRow, UploadsTable } from '../../db/schema.js';
import type { Insertable } from 'kysely';

export async function insertUpload(db: Db, values: Insertable<UploadsTable>): Promise<UploadRow> {
  return db.insertInto('uploads').values(values).returningAll().executeTakeFirstOrThrow();
}

/** Those of `ids` that are uploads of this member. */
export async function findOwnUploads(db: Db, userId: number, ids: readonly number[]): Promise<UploadRow[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('uploads').selectAll().where('user_id', '=', userId).where('id', 'in', ids).execute();
}
