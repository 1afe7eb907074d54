import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  dramaAnalyticsListResponseSchema,
  dramaAnalyticsQuerySchema,
  funnelQuerySchema,
  funnelResponseSchema,
  idParamsSchema,
  recomputeBodySchema,
  recomputeResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { AnalyticsService } from './service.js';

/** The console's analytics; register under `/console`. */
export function analyticsConsoleRoutes(ctx: AppContext, service: AnalyticsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: analytics'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/analytics/dashboard',
      access: 'console',
      role: ['content', 'support', 'finance'],
      summary: 'The dashboard: a period’s figures beside the period before, the last 30 days, top dramas (money for finance and the owner only)',
      querystring: dashboardQuerySchema,
      response: dashboardResponseSchema,
      handler: async (actor, request) => service.dashboard(actor, request.query.period),
    });

    route({
      method: 'GET',
      url: '/analytics/dramas',
      access: 'console',
      role: 'content',
      summary: 'Dramas with their viewing figures over 7, 30 or 90 days, sortable by each figure',
      querystring: dramaAnalyticsQuerySchema,
      response: dramaAnalyticsListResponseSchema,
      handler: async (_actor, request) => service.dramas(request.query),
    });

    route({
      method: 'GET',
      url: '/analytics/dramas/:id/funnel',
      access: 'console',
      role: 'content',
      summary: 'A drama’s funnel: viewers per episode, drop-off, the paywall episode and its buyers, completion, likes and favourites',
      params: idParamsSchema,
      querystring: funnelQuerySchema,
      response: funnelResponseSchema,
      handler: async (_actor, request) => service.funnel(request.params.id, request.query.days),
    });

    route({
      method: 'POST',
      url: '/analytics/recompute',
      access: 'console',
      role: 'owner',
      audit: 'analytics.recompute',
      summary: 'Recompute the daily figures of some days now (default the last three) and prune old raw events',
      body: recomputeBodySchema,
      response: recomputeResponseSchema,
      handler: async (actor, request) => service.recompute(actor, request.body),
    });
  };
}
