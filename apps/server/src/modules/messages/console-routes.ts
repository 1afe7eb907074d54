import {
  type ConsoleOutboxMessage,
  consoleOutboxListResponseSchema,
  consoleOutboxQuerySchema,
  maskEmail,
  maskPhone,
  type OperatorRole,
  type Paged,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Selectable } from 'kysely';
import type { OutboxMessagesTable } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { type Actor, effectiveRole, roleAllows } from '../../platform/operators.js';
import { pageOf, pageWindow } from '../../platform/paging.js';
import { routeGroup } from '../../platform/route.js';
import { seesContacts } from '../members/service.js';
import { findConsoleOutbox } from './console-queries.js';

/** Support reads the outbox to tell a member whether their code went out; the owner passes too. */
const SUPPORT = 'support' as const;

/** A one-time code (six digits standing alone) in a message's text. */
const CODE_PATTERN = /(?<!\d)\d{6}(?!\d)/g;

/** Whether a role reads the codes in kept messages: the owner's only, and each such read is audited. */
export function readsCodes(role: OperatorRole): boolean {
  return roleAllows(role, 'owner');
}

/**
 * A kept message as a role may read it: the recipient masked as the members screens mask
 * contacts, and the codes masked for everyone but the owner (a code is a key to the account it
 * was sent for; support needs to see that it went out, not what it was). The one masking rule of
 * the outbox, for the console and the operator's command alike.
 */
export function presentConsoleOutboxMessage(row: Selectable<OutboxMessagesTable>, role: OperatorRole): ConsoleOutboxMessage {
  const open = seesContacts(role);
  const target = open ? row.target : row.channel === 'email' ? maskEmail(row.target) : maskPhone(row.target);
  const body = readsCodes(role) ? row.body : row.body.replace(CODE_PATTERN, '******');
  return { id: row.id, channel: row.channel, target, subject: row.subject, body, createdAt: row.created_at.toISOString() };
}

/** An owner who was shown codes leaves a row saying which messages' codes, and what they asked for. */
async function auditCodesRead(ctx: AppContext, actor: Actor, rows: Selectable<OutboxMessagesTable>[], query: { channel?: string | undefined; q?: string | undefined }) {
  const withCodes = rows.filter((row) => new RegExp(CODE_PATTERN.source).test(row.body));
  if (withCodes.length === 0) return;
  await writeAudit(ctx.db, actor, {
    action: 'outbox.read-codes',
    targetType: 'outbox',
    targetId: null,
    after: { channel: query.channel ?? null, q: query.q ?? null, messageIds: withCodes.map((row) => row.id), targets: [...new Set(withCodes.map((row) => row.target))] },
  });
}

/** The message outbox in the console; register under `/console`. */
export function outboxConsoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: outbox'], errors: [400, 401, 403], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/outbox',
      access: 'console',
      role: SUPPORT,
      summary: 'Messages kept by the outbox channel, newest first; by channel and part of the recipient',
      querystring: consoleOutboxQuerySchema,
      response: consoleOutboxListResponseSchema,
      handler: async (actor, request): Promise<Paged<ConsoleOutboxMessage>> => {
        const { channel, q } = request.query;
        const { rows, total } = await findConsoleOutbox(ctx.db, { channel, q, ...pageWindow(request.query) });
        const role = effectiveRole(actor);
        if (readsCodes(role)) await auditCodesRead(ctx, actor, rows, { channel, q });
        return pageOf(request.query, rows.map((row) => presentConsoleOutboxMessage(row, role)), total);
      },
    });
  };
}
