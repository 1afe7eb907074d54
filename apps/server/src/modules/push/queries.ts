import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface SubscriptionRow {
  id: number;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  locale: string;
}

/** Adds the device, or takes it over: an endpoint is one device, whoever signed in on it last. */
export async function upsertSubscription(db: Db, row: Omit<SubscriptionRow, 'id'>): Promise<void> {
  await db
    .insertInto('push_subscriptions')
    .values(row)
    .onConflict((oc) =>
      oc.column('endpoint').doUpdateSet({
        user_id: row.user_id,
        p256dh: row.p256dh,
        auth: row.auth,
        locale: row.locale,
      }),
    )
    .execute();
}

/** Keeps the device just subscribed and the member's `keep - 1` newest others; drops the rest. */
export async function trimDevices(db: Db, userId: number, current: string, keep: number): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('user_id', '=', userId)
    .where('endpoint', '<>', current)
    .where('id', 'not in', (qb) =>
      qb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('user_id', '=', userId)
        .where('endpoint', '<>', current)
        .orderBy('id', 'desc')
        .limit(keep - 1),
    )
    .execute();
}

/** Removes the caller's own subscription at that endpoint; another member's stays. */
export async function deleteOwnSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const result = await db.deleteFrom('push_subscriptions').where('user_id', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function subscriptionsOf(db: Db, userIds: readonly number[]): Promise<SubscriptionRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('push_subscriptions')
    .select(['id', 'user_id', 'endpoint', 'p256dh', 'auth', 'locale'])
    .where('user_id', 'in', [...userIds])
    .execute();
}

/** The push service said the subscription is gone; only that row (by id and endpoint, in case it was renewed since). */
export async function deleteGone(db: Db, row: Pick<SubscriptionRow, 'id' | 'endpoint'>): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', row.id).where('endpoint', '=', row.endpoint).execute();
}

export async function markDelivered(db: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  await db.updateTable('push_subscriptions').set({ last_success_at: sql`now()` }).where('id', 'in', [...ids]).execute();
}
