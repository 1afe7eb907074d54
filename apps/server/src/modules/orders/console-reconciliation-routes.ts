import {
  reconciliationDayParamsSchema,
  reconciliationDayResponseSchema,
  reconciliationListQuerySchema,
  reconciliationListResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { ReconciliationService } from './reconciliation-service.js';

const FINANCE = 'finance' as const;

/** The console's daily reconciliation; register under `/console`. Role finance (the owner passes too). */
export function reconciliationConsoleRoutes(ctx: AppContext, service: ReconciliationService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: reconciliation'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/reconciliation',
      access: 'console',
      role: FINANCE,
      summary: 'Reconciled days, newest first, each with its channels’ totals (server against channel) and status; filtered by status',
      querystring: reconciliationListQuerySchema,
      response: reconciliationListResponseSchema,
      handler: async (_actor, request) => service.list(request.query),
    });

    route({
      method: 'GET',
      url: '/reconciliation/:day',
      access: 'console',
      role: FINANCE,
      summary: 'A reconciled day (APP_TIMEZONE): each channel’s totals and every line that differs; RECONCILIATION_NOT_FOUND before its first run',
      params: reconciliationDayParamsSchema,
      response: reconciliationDayResponseSchema,
      handler: async (_actor, request) => service.detail(request.params.day),
    });

    route({
      method: 'POST',
      url: '/reconciliation/:day/run',
      access: 'console',
      role: FINANCE,
      audit: 'reconciliation.run',
      summary: 'Reconciles the day now against each channel’s trade bill, replacing its last result (today gives a partial result; a day to come is refused)',
      params: reconciliationDayParamsSchema,
      response: reconciliationDayResponseSchema,
      handler: async (actor, request) => service.run(request.params.day, actor),
    });
  };
}
