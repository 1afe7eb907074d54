import { exploreQuerySchema, exploreResponseSchema } from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { ExploreService } from './service.js';

export function exploreRoutes(ctx: AppContext, explore: ExploreService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['discovery'], errors: [400], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/explore',
      access: 'guest-or-member',
      // Guests' first page is the same for every guest: cached briefly (scores may lag 30 s). A
      // member's may be their own (personalised), so requests with a token are never cached.
      // Later pages are not: every scroll has cursors of its own, which would only push the
      // shared answers out of the cache, and the in-memory order serves them cheaply.
      config: { responseCache: 'guests', responseCacheWhen: (request: FastifyRequest) => (request.query as { cursor?: string }).cursor === undefined },
      summary: 'The explore feed: dramas by recency and popularity (a member’s “For you” dramas first when personalised), each with its first episode ready to play',
      querystring: exploreQuerySchema,
      response: exploreResponseSchema,
      handler: async (viewer, request, reply) => {
        if (request.headers.authorization !== undefined) reply.header('cache-control', 'private, no-store');
        return explore.page(request.query, requestLocale(request), viewer);
      },
    });
  };
}
