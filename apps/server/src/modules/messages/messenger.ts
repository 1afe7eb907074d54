import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import { type MessageChannel, Messenger } from './channel.js';
import { OutboxChannel } from './outbox.js';
import { SmtpChannel } from './smtp.js';

/**
 * The channels this instance delivers through: SMTP for email when SMTP_URL is set, an SMS
 * provider for phones when one is given; the outbox for everything else.
 */
export function createMessenger(ctx: AppContext, log: FastifyBaseLogger, providers: { sms?: MessageChannel } = {}): Messenger {
  const outbox = new OutboxChannel(ctx.db, log);
  const email = ctx.config.SMTP_URL ? new SmtpChannel(ctx.config.SMTP_URL) : outbox;
  return new Messenger({ email, phone: providers.sms ?? outbox });
}
