import { forYouQuerySchema, forYouResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { RecommendationService } from './service.js';

export function recommendationRoutes(ctx: AppContext, recommendations: RecommendationService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['discovery'], errors: [400], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/recommendations',
      access: 'guest-or-member',
      // The guests' answer (the popular order) is the same for all of them; a member's is their own.
      config: { responseCache: 'guests' },
      summary: 'Home’s “For you” row: the member’s ranked dramas with the drama each came from, or the popular order',
      querystring: forYouQuerySchema,
      response: forYouResponseSchema,
      handler: async (viewer, request, reply) => {
        if (request.headers.authorization !== undefined) reply.header('cache-control', 'private, no-store');
        return recommendations.forYou(viewer, request.query.limit, requestLocale(request));
      },
    });
  };
}
