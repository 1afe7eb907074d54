import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { WebVitalsTable } from '../../db/schema.js';

export async function insertVitals(db: Db, rows: Insertable<WebVitalsTable>[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insertInto('web_vitals').values(rows).execute();
}
