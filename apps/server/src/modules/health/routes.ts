import { healthResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { pingDatabase } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { routeGroup } from '../../platform/route.js';
import type { DiscoveryIndex } from '../discovery/discovery-index.js';

/**
 * `/health` says the process is alive and reaches its database; `/health/ready` says it should
 * be sent traffic: also its in-memory catalogue (search and the feed) is loaded, which at
 * 100,000 dramas takes seconds after the server listens (calls meanwhile wait for it).
 */
export function healthRoutes(ctx: AppContext, discovery: DiscoveryIndex | null = null): FastifyPluginAsyncZod {
  return async (app) => {
    const health = () => ({ status: 'ok' as const, database: 'up' as const, version: ctx.version, uptimeSeconds: process.uptime() });

    const route = routeGroup(app, { tags: ['health'], errors: [503] });
    const requireDatabase = async () => {
      if (!(await pingDatabase(ctx.db))) throw new AppError('SERVICE_UNAVAILABLE', 'Database unreachable', { database: 'down' });
    };

    route({
      method: 'GET',
      url: '/health',
      access: 'public',
      summary: 'Liveness and database reachability',
      response: healthResponseSchema,
      handler: async () => {
        await requireDatabase();
        return health();
      },
    });

    route({
      method: 'GET',
      url: '/health/ready',
      access: 'public',
      summary: 'Readiness for traffic: the database answers and the in-memory catalogue is loaded',
      response: healthResponseSchema,
      handler: async () => {
        await requireDatabase();
        if (discovery && !discovery.loaded) throw new AppError('SERVICE_UNAVAILABLE', 'The catalogue is still loading', { catalogue: 'loading' });
        return health();
      },
    });
  };
}
