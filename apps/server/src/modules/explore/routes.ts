import { errorEnvelopeSchema, exploreQuerySchema, exploreResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import type { ExploreService } from './service.js';

const tags = ['discovery'];

export function exploreRoutes(explore: ExploreService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/explore',
      {
        // Public and the same for everyone: pages are cached briefly (scores may lag 30 s).
        config: { responseCache: true },
        schema: {
          tags,
          summary: 'The explore feed: dramas by recency and popularity, each with its first episode ready to play',
          querystring: exploreQuerySchema,
          response: { 200: exploreResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request) => ({ success: true as const, data: await explore.page(request.query, requestLocale(request)) }),
    );
  };
}
