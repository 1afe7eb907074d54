import type { Insertable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { PaymentNotificationsTable } from '../../db/schema.js';

/** Raw bodies are kept for the record, up to this many characters. */
const RAW_LIMIT = 16_384;

export type NotificationRecord = Omit<Insertable<PaymentNotificationsTable>, 'id' | 'raw' | 'headers'> & {
  raw: string;
  headers?: Record<string, string> | null;
};

/** Keeps what a channel told us, verified or not, and what we made of it. */
export async function insertNotification(db: Db, record: NotificationRecord): Promise<void> {
  await db
    .insertInto('payment_notifications')
    .values({
      ...record,
      raw: record.raw.length > RAW_LIMIT ? `${record.raw.slice(0, RAW_LIMIT)}…` : record.raw,
      headers: record.headers ? JSON.stringify(record.headers) : null,
    })
    .execute();
}
