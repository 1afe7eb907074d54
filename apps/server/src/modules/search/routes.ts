import {
  adminBlockedTermBodySchema,
  adminBlockedTermListResponseSchema,
  adminBlockedTermParamsSchema,
  adminBlockedTermResponseSchema,
  errorEnvelopeSchema,
  hotSearchResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import { adminGuard } from '../admin/guard.js';
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
            'A search that finds something counts towards the hot searches, once per keyword, searcher (a member, or a guest address) and day; `suggest=true` (typed-ahead) never counts.',
          querystring: searchQuerySchema,
          response: { 200: searchResponseSchema, 400: errorEnvelopeSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await search.search(request.query, requestLocale(request), request.ip, () => search.memberOf(request)),
      }),
    );

    app.get(
      '/client/search/hot',
      {
        schema: {
          tags,
          summary: 'Editorial titles and the keywords most people searched in the last 7 days',
          description:
            '`count` is the number of distinct searchers (0 for an editorial title nobody searched). A keyword needs several distinct searchers to appear, and many to rank above the editorial titles; blocked terms never appear.',
          response: { 200: hotSearchResponseSchema },
        },
      },
      async (request) => ({ success: true as const, data: await search.hotSearches(requestLocale(request)) }),
    );
  };
}

const adminTags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** The operator's hot-search calls; register under `/admin`. Each needs `Authorization: Bearer <admin token>`. */
export function searchAdminRoutes(search: SearchService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));

    app.get(
      '/search/blocked-terms',
      {
        schema: {
          tags: adminTags,
          security,
          summary: 'Terms kept off the hot searches, newest first',
          response: { 200: adminBlockedTermListResponseSchema, 401: errorEnvelopeSchema },
        },
      },
      async () => ({ success: true as const, data: { items: await search.blockedTerms() } }),
    );

    app.post(
      '/search/blocked-terms',
      {
        schema: {
          tags: adminTags,
          security,
          summary: 'Keep a term off the hot searches at once (any case or script); blocking it again changes nothing',
          body: adminBlockedTermBodySchema,
          response: { 200: adminBlockedTermResponseSchema, ...errors },
        },
      },
      async (request) => {
        const blocked = await search.blockTerm(request.body.term);
        // The operator's decision is kept in the log: who asked (address) and what.
        request.log.info({ audit: 'hot-search.block', term: blocked.term, keyword: blocked.keyword, ip: request.ip }, 'hot search term blocked');
        return { success: true as const, data: blocked };
      },
    );

    app.delete(
      '/search/blocked-terms/:term',
      {
        schema: {
          tags: adminTags,
          security,
          summary: 'Let a blocked term back onto the hot searches',
          params: adminBlockedTermParamsSchema,
          response: { 200: adminBlockedTermResponseSchema, ...errors },
        },
      },
      async (request) => {
        const unblocked = await search.unblockTerm(request.params.term);
        request.log.info({ audit: 'hot-search.unblock', term: unblocked.term, keyword: unblocked.keyword, ip: request.ip }, 'hot search term unblocked');
        return { success: true as const, data: unblocked };
      },
    );
  };
}
