import type { PaymentChannelId } from '@drama/contracts';
import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PaymentNotificationsTable, SandboxPaymentsTable } from '../../db/schema.js';
import type { SandboxRefundsTable } from './refund-tables.js';

/** Raw bodies are kept for the record, up to this many characters. */
const RAW_LIMIT = 16_384;

export type NotificationRecord = Omit<Insertable<PaymentNotificationsTable>, 'id' | 'raw' | 'headers'> & {
  raw: string;
  headers?: Record<string, string> | null;
};

/**
 * What anyone posts to the notification address is kept, and PostgreSQL text cannot hold U+0000:
 * it is stored as U+FFFD, as undecodable bytes already are.
 */
function storable<T extends string | null | undefined>(text: T): T {
  return (typeof text === 'string' ? text.replaceAll('\u0000', '\uFFFD') : text) as T;
}

/** Keeps what a channel told us, verified or not, and what we made of it. */
export async function insertNotification(db: Db, record: NotificationRecord): Promise<void> {
  const raw = record.raw.length > RAW_LIMIT ? `${record.raw.slice(0, RAW_LIMIT)}…` : record.raw;
  await db
    .insertInto('payment_notifications')
    .values({
      ...record,
      order_no: storable(record.order_no),
      channel_trade_no: storable(record.channel_trade_no),
      detail: storable(record.detail),
      raw: storable(raw),
      headers: record.headers ? JSON.stringify(record.headers).replaceAll('\\u0000', '\\uFFFD') : null,
    })
    .execute();
}

/** A refund still processing, with what asking its channel about it takes. */
export interface ProcessingRefund {
  id: number;
  refund_no: string;
  amount_fen: number;
  order_no: string;
  channel: PaymentChannelId;
  channel_mode: 'live' | 'sandbox';
}

/**
 * Refunds still processing at these live channels and not asked about since `askedBefore`
 * (updated_at is when a refund was last asked about or changed), the longest unasked first.
 */
export async function findRefundsToAsk(db: Db, channels: PaymentChannelId[], askedBefore: Date, limit: number): Promise<ProcessingRefund[]> {
  if (channels.length === 0) return [];
  return db
    .selectFrom('refunds as r')
    .innerJoin('orders as o', 'o.id', 'r.order_id')
    .select(['r.id', 'r.refund_no', 'r.amount_fen', 'o.order_no', 'o.channel', 'o.channel_mode'])
    .where('r.status', '=', 'processing')
    .where('o.channel_mode', '=', 'live')
    .where('o.channel', 'in', channels)
    .where('r.updated_at', '<=', askedBefore)
    .orderBy('r.updated_at')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Takes the turn to ask about a refund: false when it was settled, or asked about by someone else, meanwhile. */
export async function claimRefundQuery(db: Db, id: number, now: Date, askedBefore: Date): Promise<boolean> {
  const row = await db
    .updateTable('refunds')
    .set({ updated_at: now })
    .where('id', '=', id)
    .where('status', '=', 'processing')
    .where('updated_at', '<=', askedBefore)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/*
 * The sandbox channel's own records (channels/sandbox.ts): what its checkout page was told and
 * what it was asked to refund, kept as a real channel keeps them at its end.
 */

/** Records the checkout's result of an order unless one is recorded already (the first stands). */
export async function insertSandboxPayment(db: Db, row: Insertable<SandboxPaymentsTable>): Promise<void> {
  await db.insertInto('sandbox_payments').values(row).onConflict((oc) => oc.column('order_no').doNothing()).execute();
}

export async function findSandboxPayment(db: Db, orderNo: string) {
  return db.selectFrom('sandbox_payments').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

/** The payment's row under lock: the lock that puts refunds of one trade in a line. */
export async function lockSandboxPayment(trx: Db, orderNo: string) {
  return trx.selectFrom('sandbox_payments').selectAll().where('order_no', '=', orderNo).forUpdate().executeTakeFirst();
}

export async function findSandboxRefund(db: Db, refundNo: string) {
  return db.selectFrom('sandbox_refunds').selectAll().where('refund_no', '=', refundNo).executeTakeFirst();
}

/** What the sandbox has refunded of an order in all, in fen. */
export async function sumSandboxRefunds(db: Db, orderNo: string): Promise<number> {
  const row = await db
    .selectFrom('sandbox_refunds')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), eb.lit(0)).as('total'))
    .where('order_no', '=', orderNo)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export async function insertSandboxRefund(db: Db, row: Insertable<SandboxRefundsTable>): Promise<void> {
  await db.insertInto('sandbox_refunds').values(row).execute();
}

/** The payments paid at the sandbox's checkout and the refunds it made in [from, to). */
export async function findSandboxBill(db: Db, from: Date, to: Date) {
  const [payments, refunds] = await Promise.all([
    db.selectFrom('sandbox_payments').selectAll().where('result', '=', 'paid').where('created_at', '>=', from).where('created_at', '<', to).execute(),
    db.selectFrom('sandbox_refunds').selectAll().where('created_at', '>=', from).where('created_at', '<', to).execute(),
  ]);
  return { payments, refunds };
}

/** The sandbox's trade numbers of these orders. */
export async function findSandboxTradeNos(db: Db, orderNos: string[]): Promise<Map<string, string>> {
  if (orderNos.length === 0) return new Map();
  const rows = await db.selectFrom('sandbox_payments').select(['order_no', 'trade_no']).where('order_no', 'in', orderNos).execute();
  return new Map(rows.map((row) => [row.order_no, row.trade_no]));
}
