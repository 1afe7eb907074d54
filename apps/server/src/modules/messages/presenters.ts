import type { OutboxMessage } from '@drama/contracts';
import type { Selectable } from 'kysely';
import type { OutboxMessagesTable } from '../../db/schema.js';

export function presentOutboxMessage(row: Selectable<OutboxMessagesTable>): OutboxMessage {
  return {
    id: row.id,
    channel: row.channel,
    target: row.target,
    subject: row.subject,
    body: row.body,
    createdAt: row.created_at.toISOString(),
  };
}
