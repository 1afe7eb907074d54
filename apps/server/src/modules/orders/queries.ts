import { type OrderStatus, ORDER_STATUSES } from '@drama/contracts';
import type { Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { OrderRow, OrdersTable } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/** The statuses this version stores; any other value is shown as unknown. */
export const KNOWN_STATUSES = ORDER_STATUSES.filter((status) => status !== 'unknown');

function withPlan(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('membership_plans as p', 'p.id', 'o.plan_id')
    .selectAll('o')
    .select(['p.code as plan_code', 'p.name as plan_name']);
}

/** An order with what the member sees of its plan. */
export type OrderRecord = NonNullable<Awaited<ReturnType<typeof findOrder>>>;

export async function findOrder(db: Db, id: number) {
  return withPlan(db).where('o.id', '=', id).executeTakeFirst();
}

/** An order with its plan, by number (the sandbox checkout page, which has no signed-in member). */
export async function findOrderWithPlanByNo(db: Db, orderNo: string) {
  return withPlan(db).where('o.order_no', '=', orderNo).executeTakeFirst();
}

export async function findOrderByNo(db: Db, orderNo: string): Promise<OrderRow | undefined> {
  return db.selectFrom('orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** A member's order, or undefined when it is someone else's or does not exist. */
export async function findOwnOrder(db: Db, userId: number, id: number) {
  return withPlan(db).where('o.id', '=', id).where('o.user_id', '=', userId).executeTakeFirst();
}

export async function findOwnPendingOrder(db: Db, userId: number, planId: number, channel: OrderRow['channel']) {
  return withPlan(db)
    .where('o.user_id', '=', userId)
    .where('o.plan_id', '=', planId)
    .where('o.channel', '=', channel)
    .where('o.status', '=', 'pending')
    .executeTakeFirst();
}

/** A member's orders, newest first. `unknown` lists orders whose stored status this version does not know. */
export async function findOrdersOfUser(
  db: Db,
  userId: number,
  filter: { status?: OrderStatus | undefined } & PageWindow,
) {
  let query = db.selectFrom('orders as o').where('o.user_id', '=', userId);
  if (filter.status === 'unknown') query = query.where('o.status', 'not in', KNOWN_STATUSES);
  else if (filter.status !== undefined) query = query.where('o.status', '=', filter.status);
  return withTotal(
    query
      .innerJoin('membership_plans as p', 'p.id', 'o.plan_id')
      .selectAll('o')
      .select(['p.code as plan_code', 'p.name as plan_name'])
      .orderBy('o.created_at', 'desc')
      .orderBy('o.id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query,
  );
}

/**
 * Inserts a pending order; undefined when the member already has one pending for the same plan
 * and channel (the partial unique index decides, so two requests at once make one order).
 */
export async function insertPendingOrder(
  db: Db,
  order: Pick<OrderRow, 'order_no' | 'user_id' | 'plan_id' | 'channel' | 'channel_mode' | 'amount_fen' | 'days' | 'expires_at' | 'created_at'>,
): Promise<OrderRow | undefined> {
  return db
    .insertInto('orders')
    .values({ ...order, status: 'pending', updated_at: order.created_at })
    .onConflict((oc) => oc.columns(['user_id', 'plan_id', 'channel']).where('status', '=', 'pending').doNothing())
    .returningAll()
    .executeTakeFirst();
}

/** Locks an order for a change of state; only inside a transaction. */
export async function lockOrder(trx: Db, id: number): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function lockOrderByNo(trx: Db, orderNo: string): Promise<OrderRow | undefined> {
  return trx.selectFrom('orders').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
}

export async function updateOrder(
  db: Db,
  id: number,
  changes: Omit<Updateable<OrdersTable>, 'id' | 'order_no' | 'user_id'> & { updated_at: Date },
): Promise<OrderRow> {
  return db.updateTable('orders').set(changes).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/** Changes an order only while it is still pending (a notification may have settled it meanwhile). */
export async function updatePendingOrder(
  db: Db,
  id: number,
  changes: Omit<Updateable<OrdersTable>, 'id' | 'order_no' | 'user_id'> & { updated_at: Date },
): Promise<OrderRow | undefined> {
  return db.updateTable('orders').set(changes).where('id', '=', id).where('status', '=', 'pending').returningAll().executeTakeFirst();
}

/** Stores the QR content of a pending order (first writer wins; a resumed order may race its creator). */
export async function setQrContent(db: Db, id: number, qrContent: string, now: Date): Promise<void> {
  await db
    .updateTable('orders')
    .set({ qr_content: qrContent, updated_at: now })
    .where('id', '=', id)
    .where('qr_content', 'is', null)
    .execute();
}

/**
 * Cancels pending orders whose time is up (failureCode expired): all of a member's, or one.
 * Conditional on the status, so it never overwrites a payment that landed first.
 */
export async function expireDueOrders(db: Db, scope: { userId?: number; orderId?: number }, now: Date): Promise<number> {
  let query = db
    .updateTable('orders')
    .set((eb) => ({
      status: 'cancelled',
      failure_code: 'expired',
      failure_reason: null,
      closed_at: eb.ref('expires_at'),
      updated_at: now,
    }))
    .where('status', '=', 'pending')
    .where('expires_at', '<=', now);
  if (scope.userId !== undefined) query = query.where('user_id', '=', scope.userId);
  if (scope.orderId !== undefined) query = query.where('id', '=', scope.orderId);
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/**
 * Claims the right to ask the channel about a pending order now: true for one caller at most
 * every `intervalMs`, across instances.
 */
export async function claimChannelQuery(db: Db, id: number, now: Date, intervalMs: number): Promise<boolean> {
  const row = await db
    .updateTable('orders')
    .set({ last_queried_at: now })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .where((eb) =>
      eb.or([eb('last_queried_at', 'is', null), eb('last_queried_at', '<=', new Date(now.getTime() - intervalMs))]),
    )
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Pending orders made before `createdBefore`, oldest first: what reconciliation checks. */
export async function findPendingOrders(db: Db, createdBefore: Date, limit: number): Promise<OrderRow[]> {
  return db
    .selectFrom('orders')
    .selectAll()
    .where('status', '=', 'pending')
    .where('created_at', '<=', createdBefore)
    .orderBy('created_at')
    .orderBy('id')
    .limit(limit)
    .execute();
}
