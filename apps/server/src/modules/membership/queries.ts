import type { Db } from '../../db/database.js';
import type { PlanRow, UserRow } from '../../db/schema.js';

/** Plans on sale, in their display order. */
export async function findActivePlans(db: Db): Promise<PlanRow[]> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('is_active', '=', true)
    .orderBy('sort_order')
    .orderBy('days')
    .orderBy('id')
    .execute();
}

export async function findActivePlan(db: Db, id: number): Promise<PlanRow | undefined> {
  return db
    .selectFrom('membership_plans')
    .selectAll()
    .where('id', '=', id)
    .where('is_active', '=', true)
    .executeTakeFirst();
}

export async function findUserForUpdate(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function setUserVip(
  db: Db,
  id: number,
  vip: { level: number; expiresAt: Date; now: Date },
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ vip_level: vip.level, vip_expire_time: vip.expiresAt, updated_at: vip.now })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
