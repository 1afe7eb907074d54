import type { CodeChannel } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

export async function insertOutboxMessage(
  db: Db,
  message: { channel: CodeChannel; target: string; subject: string; body: string },
): Promise<number> {
  const row = await db.insertInto('outbox_messages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Newest first, optionally only those to one destination. */
export async function findOutboxMessages(db: Db, filter: { target?: string | undefined } & PageWindow) {
  let query = db.selectFrom('outbox_messages');
  if (filter.target !== undefined) query = query.where('target', '=', filter.target);
  return withTotal(
    query
      .select(['id', 'channel', 'target', 'subject', 'body', 'created_at'])
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute(),
    query,
  );
}
