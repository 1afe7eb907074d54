import { auditListResponseSchema, auditQuerySchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import { auditPage } from './queries.js';

/** The audit log, for the owner: who changed what, when, from where, with the values before and after. */
export function auditConsoleRoutes(ctx: AppContext): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: audit'], errors: [400, 401, 403], operators: ctx.operators });
    route({
      method: 'GET',
      url: '/audit',
      access: 'console',
      role: 'owner',
      summary: 'The audit log, newest first, filtered by operator, action, target and time',
      querystring: auditQuerySchema,
      response: auditListResponseSchema,
      handler: async (_actor, request) => ({ ...(await auditPage(ctx.db, request.query)), page: request.query.page, limit: request.query.limit }),
    });
  };
}
