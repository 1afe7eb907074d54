import { errorEnvelopeSchema, hotSearchResponseSchema, searchQuerySchema, searchResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import type { SearchService } from './service.js';

const tags = ['discovery'];

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', async () =>
      search.startIndexing((error) => app.log.error({ err: error }, 'updating the search index failed')),
    );
    app.addHook('onClose', async () => search.stopIndexing());

    app.get(
      '/client/search',
      {
        schema: {
          tags,
          summary: 'Search titles, descriptions and tags in every locale (Simplified and Traditional alike)',
          description:
            'A search that finds something counts towards the hot searches, once per keyword and client per hour; `suggest=true` (typed-ahead) never counts.',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await search.search(request.query, requestLocale(request), request.ip),
      }),
    );

    app.get(
      '/client/search/hot',
      { schema: { tags, summary: 'The most searched keywords of the last 7 days', response: { 200: hotSearchResponseSchema } } },
      async (request) => ({ success: true as const, data: await search.hotSearches(requestLocale(request)) }),
    );
  };
}
