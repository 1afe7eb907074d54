import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';

export type UserField = 'username' | 'email' | 'phone';

const UNIQUE_INDEXES: Record<string, UserField> = {
  users_username_key: 'username',
  users_email_key: 'email',
  users_phone_key: 'phone',
};

/** Which unique field a failed insert or update collided on, if that is why it failed. */
export function uniqueViolation(error: unknown): UserField | null {
  if (typeof error !== 'object' || error === null) return null;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code !== '23505') return null;
  if (typeof constraint === 'string' && UNIQUE_INDEXES[constraint]) return UNIQUE_INDEXES[constraint];
  const named = Object.keys(UNIQUE_INDEXES).find((name) => typeof message === 'string' && message.includes(name));
  return named ? (UNIQUE_INDEXES[named] ?? null) : null;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Usernames and emails are unique regardless of case (the unique indexes are on lower()). */
function findUserByLowered(db: Db, column: 'username' | 'email', value: string): Promise<UserRow | undefined> {
  return db
    .selectFrom('users')
    .selectAll()
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .executeTakeFirst();
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  return findUserByLowered(db, 'username', username);
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  return findUserByLowered(db, 'email', email);
}

export async function findUserByPhone(db: Db, phone: string): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('phone', '=', phone).executeTakeFirst();
}

/** Every user whose username, phone or email is the given account (at most three). */
export async function findUsersByAccount(
  db: Db,
  account: { username: string; phone: string | null; email: string | null },
): Promise<UserRow[]> {
  return db
    .selectFrom('users')
    .selectAll()
    .where((eb) => {
      const matches = [eb(sql<string>`lower(username)`, '=', account.username.toLowerCase())];
      if (account.phone !== null) matches.push(eb('phone', '=', account.phone));
      if (account.email !== null) matches.push(eb(sql<string>`lower(email)`, '=', account.email.toLowerCase()));
      return eb.or(matches);
    })
    .limit(3)
    .execute();
}

export async function insertUser(
  db: Db,
  user: { username: string; passwordHash: string; email: string | null },
): Promise<UserRow> {
  return db
    .insertInto('users')
    .values({ username: user.username, password_hash: user.passwordHash, email: user.email })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateProfile(
  db: Db,
  id: number,
  changes: { username?: string | undefined; nickname?: string | undefined; avatar?: null | undefined },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set({
      ...(changes.username !== undefined ? { username: changes.username } : {}),
      ...(changes.nickname !== undefined ? { nickname: changes.nickname } : {}),
      ...(changes.avatar === null ? { avatar: null, avatar_file: null } : {}),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Sets a new password hash. With `endSessions` the token version moves on, so every token
 * issued before stops working; the sign-in lock is lifted either way.
 */
export async function setPasswordHash(
  db: Db,
  id: number,
  passwordHash: string,
  options: { endSessions: boolean },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      password_hash: passwordHash,
      token_version: options.endSessions ? eb('token_version', '+', 1) : eb.ref('token_version'),
      failed_sign_ins: 0,
      locked_until: null,
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setContact(
  db: Db,
  id: number,
  field: 'email' | 'phone',
  value: string,
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set(field === 'email' ? { email: value, updated_at: new Date() } : { phone: value, updated_at: new Date() })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
