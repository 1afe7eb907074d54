import type { ConsoleOrderListQuery, ConsoleOrderReviewQuery, OrderReviewKind } from '@drama/contracts';
import { type Expression, type Insertable, type SqlBool, sql, type Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';
import type { RefundRow, RefundsTable } from '../payments/refund-tables.js';

/** Orders with their plan, member name and what refunds that went through gave back. */
function consoleOrders(db: Db) {
  return db
    .selectFrom('orders as o')
    .innerJoin('membership_plans as p', 'p.id', 'o.plan_id')
    .leftJoin('users as u', 'u.id', 'o.user_id');
}

/** What an order's refunds that went through gave back, in fen (0 without any). */
const refundedFen = sql<number>`(select coalesce(sum(r.amount_fen), 0)::int from refunds r where r.order_id = o.id and r.status = 'succeeded')`;

function withColumns(query: ReturnType<typeof consoleOrders>) {
  return query
    .selectAll('o')
    .select(['p.code as plan_code', 'p.name as plan_name', 'u.username as username'])
    .select(refundedFen.as('refunded_fen'));
}

export type ConsoleOrderRecord = NonNullable<Awaited<ReturnType<typeof findConsoleOrder>>>;

type Filters = Omit<ConsoleOrderListQuery, 'page' | 'limit'>;

function filtered(db: Db, filters: Filters) {
  let query = consoleOrders(db);
  // The refund states as orderRefundState tells them: paid, and some or all of it given back.
  if (filters.status === 'refunded') {
    query = query.where('o.status', '=', 'success').where(sql<SqlBool>`${refundedFen} >= o.amount_fen`);
  } else if (filters.status === 'partly_refunded') {
    query = query.where('o.status', '=', 'success').where(sql<SqlBool>`${refundedFen} between 1 and o.amount_fen - 1`);
  } else if (filters.status) {
    query = query.where('o.status', '=', filters.status);
  }
  if (filters.channel) query = query.where('o.channel', '=', filters.channel);
  if (filters.planCode) query = query.where('p.code', '=', filters.planCode);
  if (filters.from) query = query.where('o.created_at', '>=', new Date(filters.from));
  if (filters.to) query = query.where('o.created_at', '<', new Date(filters.to));
  if (filters.minFen !== undefined) query = query.where('o.amount_fen', '>=', filters.minFen);
  if (filters.maxFen !== undefined) query = query.where('o.amount_fen', '<=', filters.maxFen);
  const q = filters.q?.trim();
  if (q) {
    const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
    // Up to nine digits is a member id; order numbers are longer.
    query = /^\d{1,9}$/.test(q)
      ? query.where('o.user_id', '=', Number(q))
      : query.where((eb) => {
          const anyOf: Expression<SqlBool>[] = [eb('o.order_no', 'like', `${escaped}%`), eb('o.channel_trade_no', '=', q)];
          return eb.or(anyOf);
        });
  }
  return query;
}

export async function listConsoleOrders(db: Db, filters: Filters, window: PageWindow) {
  const base = filtered(db, filters);
  return withTotal(
    withColumns(base).orderBy('o.created_at', 'desc').orderBy('o.id', 'desc').limit(window.limit).offset(window.offset).execute(),
    base,
  );
}

/** Every order of the filters, oldest first, a batch after the id `afterId` (for the export). */
export async function exportBatch(db: Db, filters: Filters, afterId: number, limit: number) {
  return withColumns(filtered(db, filters)).where('o.id', '>', afterId).orderBy('o.id').limit(limit).execute();
}

export async function findConsoleOrder(db: Db, id: number) {
  return withColumns(consoleOrders(db)).where('o.id', '=', id).executeTakeFirst();
}

export async function findConsoleOrders(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return withColumns(consoleOrders(db)).where('o.id', 'in', ids).execute();
}

export async function notificationsOfOrder(db: Db, orderId: number, orderNo: string) {
  return db
    .selectFrom('payment_notifications')
    .selectAll()
    .where((eb) => eb.or([eb('order_id', '=', orderId), eb('order_no', '=', orderNo)]))
    .orderBy('id')
    .limit(200)
    .execute();
}

export async function notificationsByIds(db: Db, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('payment_notifications').selectAll().where('id', 'in', ids).execute();
}

export async function refundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db.selectFrom('refunds').selectAll().where('order_id', '=', orderId).orderBy('id').execute();
}

/** Fen given back (succeeded) and promised (succeeded or still processing) by an order's refunds. */
export async function refundTotals(db: Db, orderId: number): Promise<{ succeeded: number; committed: number }> {
  const row = await db
    .selectFrom('refunds')
    .select([
      sql<number>`coalesce(sum(amount_fen) filter (where status = 'succeeded'), 0)::int`.as('succeeded'),
      sql<number>`coalesce(sum(amount_fen) filter (where status in ('succeeded', 'processing')), 0)::int`.as('committed'),
    ])
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  return { succeeded: Number(row.succeeded), committed: Number(row.committed) };
}

interface ReviewRow {
  kind: OrderReviewKind;
  at: Date;
  order_id: number | null;
  notification_id: number | null;
}

/**
 * The review queue, newest first: orders flagged when applied (paid after expiry, another
 * amount) and verified notifications about an order that is not ours.
 */
export async function reviewQueue(db: Db, query: ConsoleOrderReviewQuery, window: PageWindow): Promise<{ rows: ReviewRow[]; total: number }> {
  const kind = query.kind ?? null;
  const union = sql`
    select review_flag as kind, updated_at as at, id as order_id, null::int as notification_id
      from orders where review_flag is not null
    union all
    select 'unknown_order' as kind, created_at as at, null::int as order_id, id as notification_id
      from payment_notifications where flag = 'unknown_order' and verified`;
  const where = kind === null ? sql`` : sql`where q.kind = ${kind}`;
  const [rows, count] = await Promise.all([
    sql<ReviewRow>`select * from (${union}) q ${where} order by q.at desc, q.order_id desc nulls last, q.notification_id desc nulls last
      limit ${window.limit} offset ${window.offset}`.execute(db),
    sql<{ total: number }>`select count(*)::int as total from (${union}) q ${where}`.execute(db),
  ]);
  return { rows: rows.rows, total: Number(count.rows[0]?.total ?? 0) };
}

export function orderById(db: Db, id: number) {
  return db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirst();
}

/** When the member's VIP ends (null without VIP or without such a member). */
export async function memberVipExpiry(db: Db, userId: number): Promise<Date | null> {
  const row = await db.selectFrom('users').select('vip_expire_time').where('id', '=', userId).executeTakeFirst();
  return row?.vip_expire_time ?? null;
}

export function refundByNo(db: Db, refundNo: string): Promise<RefundRow | undefined> {
  return db.selectFrom('refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

export function insertRefund(db: Db, values: Insertable<RefundsTable>): Promise<RefundRow> {
  return db.insertInto('refunds').values(values).returningAll().executeTakeFirstOrThrow();
}

/** A refund by its number, with its order's channel and the operator who made it. */
export function refundWithOrderByNo(db: Db, refundNo: string) {
  return db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .leftJoin('operators', 'operators.id', 'refunds.operator_id')
    .select(['refunds.id', 'refunds.status', 'refunds.amount_fen', 'refunds.operator_id', 'orders.order_no', 'orders.channel', 'orders.channel_mode', 'operators.username', 'operators.role'])
    .where('refunds.refund_no', '=', refundNo)
    .executeTakeFirst();
}

export async function orderIdOfRefund(db: Db, refundId: number): Promise<number> {
  const row = await db.selectFrom('refunds').select('order_id').where('id', '=', refundId).executeTakeFirstOrThrow();
  return row.order_id;
}

/** A refund, locked for the rest of the transaction (its order is locked first). */
export function lockRefund(db: Db, refundId: number): Promise<RefundRow> {
  return db.selectFrom('refunds').selectAll().where('id', '=', refundId).forUpdate().executeTakeFirstOrThrow();
}

export function updateRefund(db: Db, refundId: number, values: Updateable<RefundsTable>): Promise<RefundRow> {
  return db.updateTable('refunds').set(values).where('id', '=', refundId).returningAll().executeTakeFirstOrThrow();
}
