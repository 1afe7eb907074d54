import type { CodeChannel, CodePurpose } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

// ---- the sign-in lock ---------------------------------------------------------------------

/**
 * Counts one wrong password, atomically, and locks the account when the count reaches `max`.
 * A count left over from an expired lock starts again at one. Nothing is counted while the
 * account is locked (then no row comes back).
 */
export async function registerFailedSignIn(
  db: Db,
  userId: number,
  options: { now: Date; max: number; lockUntil: Date },
): Promise<{ failed_sign_ins: number; locked_until: Date | null } | undefined> {
  const { now, max, lockUntil } = options;
  const next = sql<number>`case when locked_until is not null and locked_until <= ${now} then 1 else failed_sign_ins + 1 end`;
  return db
    .updateTable('users')
    .set({
      failed_sign_ins: next,
      locked_until: sql<Date | null>`case when ${next} >= ${max} then ${lockUntil}::timestamptz else null end`,
    })
    .where('id', '=', userId)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .returning(['failed_sign_ins', 'locked_until'])
    .executeTakeFirst();
}

/** A successful sign-in: the count of wrong passwords starts again and the time is kept. */
export async function registerSignIn(
  db: Db,
  record: { userId: number; kind: 'sign-up' | 'sign-in'; ip: string | null; remoteIp: string | null; userAgent: string | null; at: Date },
): Promise<void> {
  await db
    .updateTable('users')
    .set({ failed_sign_ins: 0, locked_until: null, last_sign_in_at: record.at })
    .where('id', '=', record.userId)
    .execute();
  await db
    .insertInto('sign_in_records')
    .values({
      user_id: record.userId,
      kind: record.kind,
      ip: record.ip,
      remote_ip: record.remoteIp,
      user_agent: record.userAgent,
      created_at: record.at,
    })
    .execute();
}

// ---- verification codes -------------------------------------------------------------------

export interface Destination {
  channel: CodeChannel;
  target: string;
}

/**
 * Serialises code requests for one destination until the transaction ends, so that two
 * requests at the same moment (on any instance) cannot both pass the cooldown.
 */
export async function lockDestination(trx: Db, destination: Destination): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`code:${destination.channel}:${destination.target}`}))`.execute(trx);
}

/** The newest code of a destination and purpose (any state). */
function latestCode(db: Db, destination: Destination, purpose: CodePurpose) {
  return db
    .selectFrom('verification_codes')
    .select(['id', 'user_id', 'code_hash', 'failed_attempts', 'expires_at', 'consumed_at', 'created_at'])
    .where('channel', '=', destination.channel)
    .where('target', '=', destination.target)
    .where('purpose', '=', purpose)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1);
}

export async function findLatestCode(db: Db, destination: Destination, purpose: CodePurpose) {
  return latestCode(db, destination, purpose).executeTakeFirst();
}

/** Codes sent to a destination (for any purpose) since an instant. */
export async function countCodesSince(db: Db, destination: Destination, since: Date): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('channel', '=', destination.channel)
    .where('target', '=', destination.target)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Retires the live codes of a destination and purpose: only the newest code works. */
export async function retireCodes(db: Db, destination: Destination, purpose: CodePurpose, now: Date): Promise<void> {
  await db
    .updateTable('verification_codes')
    .set({ consumed_at: now })
    .where('channel', '=', destination.channel)
    .where('target', '=', destination.target)
    .where('purpose', '=', purpose)
    .where('consumed_at', 'is', null)
    .execute();
}

export async function insertCode(
  db: Db,
  code: Destination & { purpose: CodePurpose; userId: number | null; codeHash: string; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const row = await db
    .insertInto('verification_codes')
    .values({
      channel: code.channel,
      target: code.target,
      purpose: code.purpose,
      user_id: code.userId,
      code_hash: code.codeHash,
      created_at: code.createdAt,
      expires_at: code.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function deleteCode(db: Db, id: number): Promise<void> {
  await db.deleteFrom('verification_codes').where('id', '=', id).execute();
}

/** The newest code of a destination and purpose, locked until the transaction ends. */
export async function findLatestCodeForUpdate(db: Db, destination: Destination, purpose: CodePurpose) {
  return latestCode(db, destination, purpose).forUpdate().executeTakeFirst();
}

export async function markCodeUsed(db: Db, id: number, now: Date): Promise<void> {
  await db.updateTable('verification_codes').set({ consumed_at: now }).where('id', '=', id).execute();
}

/** Serialises one member's code requests, so the count of their destinations holds under races. */
export async function lockMemberCodes(trx: Db, userId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`codes-of:${userId}`}))`.execute(trx);
}

/** Destinations other than this one that a member's codes went to since an instant. */
export async function countOtherDestinationsSince(
  db: Db,
  use: Destination & { userId: number },
  since: Date,
): Promise<number> {
  const row = await db
    .selectFrom('verification_codes')
    .select(sql<number>`count(distinct (channel, target))`.as('count'))
    .where('user_id', '=', use.userId)
    .where('created_at', '>=', since)
    .where((eb) => eb.not(eb.and([eb('channel', '=', use.channel), eb('target', '=', use.target)])))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Counts a wrong guess at a live code, in the caller's transaction; the code is retired at the `max`th. */
export async function registerFailedCodeAttempt(db: Db, id: number, options: { now: Date; max: number }): Promise<number> {
  const row = await db
    .updateTable('verification_codes')
    .set((eb) => ({
      failed_attempts: eb('failed_attempts', '+', 1),
      consumed_at: sql<Date | null>`case when failed_attempts + 1 >= ${options.max} then ${options.now}::timestamptz else consumed_at end`,
    }))
    .where('id', '=', id)
    .where('consumed_at', 'is', null)
    .returning('failed_attempts')
    .executeTakeFirst();
  return row?.failed_attempts ?? options.max;
}
