import { errorEnvelopeSchema, healthResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { sendError } from '../../platform/errors.js';

export function healthRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/health',
      {
        schema: {
          tags: ['health'],
          summary: 'Liveness and database reachability',
          response: { 200: healthResponseSchema, 503: errorEnvelopeSchema },
        },
      },
      async (_request, reply) => {
        if (!(await pingDatabase(ctx.db))) {
          return sendError(reply, 'SERVICE_UNAVAILABLE', 'Database unreachable', { database: 'down' });
        }
        return {
          success: true as const,
          data: { status: 'ok' as const, database: 'up' as const, version: ctx.version, uptimeSeconds: process.uptime() },
        };
      },
    );
  };
}
