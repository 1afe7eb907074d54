import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { MessageChannel, OutgoingMessage } from './channel.js';
import { insertOutboxMessage } from './queries.js';

/**
 * Delivers by keeping: the message is stored in `outbox_messages` (read by operators with
 * `npm run admin -- outbox`, and by the tests) and printed in the server log. The default for
 * email without SMTP_URL and for phones without an SMS provider.
 */
export class OutboxChannel implements MessageChannel {
  readonly name = 'outbox';

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  async send(message: OutgoingMessage): Promise<void> {
    const id = await insertOutboxMessage(this.db, message);
    this.log.info({ outboxId: id, channel: message.channel, target: message.target, body: message.body }, 'outbox message');
  }
}
