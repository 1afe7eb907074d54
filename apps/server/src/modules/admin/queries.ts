import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** Users whose username, email or phone contains the query, or whose id it is; newest first. */
export async function searchUsers(
  db: Db,
  filter: { query?: string | undefined } & PageWindow,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  if (filter.query !== undefined) {
    const pattern = `%${escapeLike(filter.query)}%`;
    const id = /^\d{1,9}$/.test(filter.query) ? Number(filter.query) : null;
    query = query.where((eb) =>
      eb.or([
        eb('username', 'ilike', pattern),
        eb('email', 'ilike', pattern),
        eb('phone', 'like', pattern),
        ...(id !== null ? [eb('id', '=', id)] : []),
      ]),
    );
  }
  return withTotal(query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(), query);
}

/** Sets the status; with `endSessions` every token issued so far stops working. */
export async function setUserStatus(
  db: Db,
  id: number,
  status: number,
  options: { endSessions: boolean },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      status,
      token_version: options.endSessions ? eb('token_version', '+', 1) : eb.ref('token_version'),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/** A user's status, the row locked for the change that follows. */
export async function userStatusForUpdate(db: Db, id: number): Promise<number | undefined> {
  const row = await db.selectFrom('users').select('status').where('id', '=', id).forUpdate().executeTakeFirst();
  return row?.status;
}

/** A user's VIP, the row locked for the grant that follows. */
export async function userVipForUpdate(db: Db, id: number) {
  return db.selectFrom('users').select(['vip_level', 'vip_expire_time']).where('id', '=', id).forUpdate().executeTakeFirst();
}
