import type { Insertable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { ChannelKey } from '../payments/channels/channel.js';
import type { PageWindow } from '../../platform/paging.js';
import type { ReconciliationDaysTable, ReconciliationDifferencesTable } from './reconciliation-tables.js';
import './reconciliation-tables.js';

export interface ServerPayment {
  id: number;
  order_no: string;
  amount_fen: number;
  channel_trade_no: string | null;
}

export interface ServerRefund {
  refund_no: string;
  order_no: string;
  order_id: number;
  amount_fen: number;
  channel_refund_no: string | null;
}

/** Paid orders of the channel whose payment the server recorded in [from, to). */
export async function serverPayments(db: Db, key: ChannelKey, from: Date, to: Date): Promise<ServerPayment[]> {
  let query = db
    .selectFrom('orders')
    .select(['id', 'order_no', 'amount_fen', 'channel_trade_no'])
    .where('status', '=', 'success')
    .where('paid_at', '>=', from)
    .where('paid_at', '<', to);
  query = key === 'sandbox' ? query.where('channel_mode', '=', 'sandbox') : query.where('channel', '=', key).where('channel_mode', '=', 'live');
  return query.orderBy('id').execute();
}

/** Refunds of the channel's orders that went through in [from, to). */
export async function serverRefunds(db: Db, key: ChannelKey, from: Date, to: Date): Promise<ServerRefund[]> {
  let query = db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['refunds.refund_no', 'orders.order_no', 'refunds.order_id', 'refunds.amount_fen', 'refunds.channel_refund_no'])
    .where('refunds.status', '=', 'succeeded')
    .where('refunds.completed_at', '>=', from)
    .where('refunds.completed_at', '<', to);
  query = key === 'sandbox' ? query.where('orders.channel_mode', '=', 'sandbox') : query.where('orders.channel', '=', key).where('orders.channel_mode', '=', 'live');
  return query.orderBy('refunds.id').execute();
}

export async function ordersByNo(db: Db, orderNos: string[]) {
  if (orderNos.length === 0) return [];
  return db.selectFrom('orders').select(['id', 'order_no', 'status', 'amount_fen', 'channel', 'channel_mode', 'paid_at']).where('order_no', 'in', orderNos).execute();
}

export async function refundsByNo(db: Db, refundNos: string[]) {
  if (refundNos.length === 0) return [];
  return db
    .selectFrom('refunds')
    .innerJoin('orders', 'orders.id', 'refunds.order_id')
    .select(['refunds.refund_no', 'refunds.status', 'refunds.amount_fen', 'refunds.order_id', 'orders.order_no'])
    .where('refunds.refund_no', 'in', refundNos)
    .execute();
}

/** Replaces a day's result: its rows of every channel go, the new ones come, in the caller's transaction. */
export async function replaceDay(
  db: Db,
  day: string,
  channels: Array<Insertable<ReconciliationDaysTable>>,
  differences: Array<Insertable<ReconciliationDifferencesTable>>,
): Promise<void> {
  // Two runs of one day at once take turns, so neither sees half of the other's rows.
  await sql`select pg_advisory_xact_lock(hashtext(${`reconciliation:${day}`}))`.execute(db);
  await db.deleteFrom('reconciliation_days').where('day', '=', day).execute();
  if (channels.length > 0) await db.insertInto('reconciliation_days').values(channels).execute();
  for (let start = 0; start < differences.length; start += 500) {
    await db.insertInto('reconciliation_differences').values(differences.slice(start, start + 500)).execute();
  }
}

const RANK = sql<number>`max(case status when 'failed' then 3 when 'differences' then 2 else 1 end)`;
const RANK_OF = { matched: 1, differences: 2, failed: 3 } as const;

/** The days with a result, newest first, with the worst status of their channels. */
export async function listDays(db: Db, status: keyof typeof RANK_OF | undefined, window: PageWindow): Promise<{ days: string[]; total: number }> {
  let base = db.selectFrom('reconciliation_days').select([sql<string>`day::text`.as('day'), RANK.as('rank')]).groupBy('reconciliation_days.day');
  if (status) base = base.having(RANK, '=', RANK_OF[status]);
  const [rows, count] = await Promise.all([
    base.orderBy('reconciliation_days.day', 'desc').limit(window.limit).offset(window.offset).execute(),
    db.selectFrom(base.as('days')).select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { days: rows.map((row) => dayString(row.day)), total: Number(count.total) };
}

export async function channelsOfDays(db: Db, days: string[]) {
  if (days.length === 0) return [];
  return db.selectFrom('reconciliation_days').selectAll().select(sql<string>`day::text`.as('day')).where('day', 'in', days).orderBy('channel').execute();
}

export async function differencesOfDay(db: Db, day: string) {
  return db.selectFrom('reconciliation_differences').selectAll().where('day', '=', day).orderBy('channel').orderBy('id').execute();
}

/** A date column read as text ('YYYY-MM-DD'): drivers turn dates into local midnights otherwise. */
function dayString(value: Date | string): string {
  return String(value).slice(0, 10);
}
