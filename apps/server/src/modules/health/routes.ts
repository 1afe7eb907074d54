import { errorEnvelopeSchema, healthResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { sendError } from '../../platform/errors.js';
import type { DiscoveryIndex } from '../discovery/discovery-index.js';

/**
 * `/health` says the process is alive and reaches its database; `/health/ready` says it should
 * be sent traffic: also its in-memory catalogue (search and the feed) is loaded, which at
 * 100,000 dramas takes seconds after the server listens (calls meanwhile wait for it).
 */
export function healthRoutes(ctx: AppContext, discovery: DiscoveryIndex | null = null): FastifyPluginAsyncZod {
  return async (app) => {
    const health = () => ({ status: 'ok' as const, database: 'up' as const, version: ctx.version, uptimeSeconds: process.uptime() });

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
        return { success: true as const, data: health() };
      },
    );

    app.get(
      '/health/ready',
      {
        schema: {
          tags: ['health'],
          summary: 'Readiness for traffic: the database answers and the in-memory catalogue is loaded',
          response: { 200: healthResponseSchema, 503: errorEnvelopeSchema },
        },
      },
      async (_request, reply) => {
        if (!(await pingDatabase(ctx.db))) {
          return sendError(reply, 'SERVICE_UNAVAILABLE', 'Database unreachable', { database: 'down' });
        }
        if (discovery && !discovery.loaded) {
          return sendError(reply, 'SERVICE_UNAVAILABLE', 'The catalogue is still loading', { catalogue: 'loading' });
        }
        return { success: true as const, data: health() };
      },
    );
  };
}
