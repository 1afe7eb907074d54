import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PaymentNotificationsTable } from '../../db/schema.js';

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
