import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

/** The member's current avatar file, with the row locked until the transaction ends. */
export async function lockAvatarFile(db: Db, userId: number): Promise<{ avatar_file: string | null } | undefined> {
  return db.selectFrom('users').select('avatar_file').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function setAvatar(
  db: Db,
  userId: number,
  avatar: { file: string | null; url: string | null },
  now: Date,
): Promise<UserRow> {
  return db
    .updateTable('users')
    .set({ avatar: avatar.url, avatar_file: avatar.file, updated_at: now })
    .where('id', '=', userId)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** True while some member's avatar is this file (members with the same picture share it). */
export async function isAvatarInUse(db: Db, file: string): Promise<boolean> {
  const row = await db.selectFrom('users').select('id').where('avatar_file', '=', file).limit(1).executeTakeFirst();
  return row !== undefined;
}
