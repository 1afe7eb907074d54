import type { RedeemCodeType } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { RedeemCodeRow } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

const codeKey = sql<string>`replace(code, '-', '')`;

/** A new campaign's row; its codes follow with insertCodes. */
export async function insertBatch(
  db: Db,
  batch: {
    name: string | null;
    type: RedeemCodeType;
    value: number;
    count: number;
    expiresAt: Date | null;
    createdBy: number | null;
    createdByName: string;
    now: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('redeem_batches')
    .values({
      name: batch.name,
      type: batch.type,
      value: batch.value,
      count: batch.count,
      expires_at: batch.expiresAt,
      created_by: batch.createdBy,
      created_by_name: batch.createdByName,
      created_at: batch.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts new codes; returns those stored (a code that collides with an existing one is skipped). */
export async function insertCodes(
  db: Db,
  batch: { batchId: number; codes: string[]; type: RedeemCodeType; value: number; expiresAt: Date | null; now: Date },
): Promise<string[]> {
  if (batch.codes.length === 0) return [];
  // A big campaign goes in several statements: PostgreSQL takes at most 65,535 parameters in one.
  const stored: string[] = [];
  for (let from = 0; from < batch.codes.length; from += 2000) {
    stored.push(...(await insertChunk(db, { ...batch, codes: batch.codes.slice(from, from + 2000) })));
  }
  return stored;
}

async function insertChunk(
  db: Db,
  batch: { batchId: number; codes: string[]; type: RedeemCodeType; value: number; expiresAt: Date | null; now: Date },
): Promise<string[]> {
  const rows = await db
    .insertInto('redeem_codes')
    .values(
      batch.codes.map((code) => ({
        batch_id: batch.batchId,
        code,
        type: batch.type,
        value: batch.value,
        expires_at: batch.expiresAt,
        created_at: batch.now,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .returning('code')
    .execute();
  return rows.map((row) => row.code);
}

/**
 * Uses a code in one statement: only a live code (unused, unexpired) is taken, so of two
 * members racing for one code the second finds it used once the first commits.
 */
export async function useCode(db: Db, use: { key: string; userId: number; now: Date }): Promise<RedeemCodeRow | undefined> {
  return db
    .updateTable('redeem_codes')
    .set({ used_by: use.userId, used_at: use.now })
    .where(codeKey, '=', use.key)
    .where('used_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', use.now)]))
    .returningAll()
    .executeTakeFirst();
}

export async function findCode(db: Db, key: string): Promise<RedeemCodeRow | undefined> {
  return db.selectFrom('redeem_codes').selectAll().where(codeKey, '=', key).executeTakeFirst();
}

/** A member's VIP level and expiry, as they stand in this transaction. */
export async function findVipState(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['vip_level', 'vip_expire_time'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
}

/** Codes a member redeemed, newest first. */
export async function findRedeemedBy(db: Db, userId: number, page: PageWindow) {
  const base = db.selectFrom('redeem_codes').where('used_by', '=', userId);
  return withTotal(
    base
      .select(['id', 'code', 'type', 'value', 'used_at'])
      .orderBy('used_at', 'desc')
      .orderBy('id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base,
  );
}

/**
 * When the `limit`-th most recent failure of a member or an address since `since` happened;
 * undefined while there are fewer.
 */
export async function findLimitingFailure(
  db: Db,
  key: { column: 'user_id'; value: number } | { column: 'ip'; value: string },
  since: Date,
  limit: number,
): Promise<Date | undefined> {
  const row = await db
    .selectFrom('redeem_failures')
    .select('created_at')
    .where(key.column, '=', key.value)
    .where('created_at', '>', since)
    .orderBy('created_at', 'desc')
    .offset(limit - 1)
    .limit(1)
    .executeTakeFirst();
  return row?.created_at;
}

/** Counts a failed redemption and forgets failures older than the window. */
export async function recordFailure(
  db: Db,
  failure: { userId: number; ip: string | null; now: Date; forgetBefore: Date },
): Promise<void> {
  await db
    .insertInto('redeem_failures')
    .values({ user_id: failure.userId, ip: failure.ip, created_at: failure.now })
    .execute();
  await db.deleteFrom('redeem_failures').where('created_at', '<', failure.forgetBefore).execute();
}
