import type { CodeChannel } from '@drama/contracts';
import type { Db } from '../../db/database.js';

export async function insertOutboxMessage(
  db: Db,
  message: { channel: CodeChannel; target: string; subject: string; body: string },
): Promise<number> {
  const row = await db.insertInto('outbox_messages').values(message).returning('id').executeTakeFirstOrThrow();
  return row.id;
}
