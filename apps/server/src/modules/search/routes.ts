import {
  adminBlockedTermBodySchema,
  adminBlockedTermListResponseSchema,
  adminBlockedTermParamsSchema,
  adminBlockedTermResponseSchema,
  hotSearchResponseSchema,
  searchQuerySchema,
  searchResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { SearchService } from './service.js';

export function searchRoutes(search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onReady', async () =>
      search.startIndexing(
        (error) => app.log.error({ err: error }, 'updating the search index failed'),
        (dramas, ms) => app.log.info({ dramas, ms }, 'search and the feed answer from memory'),
      ),
    );
    app.addHook('onClose', async () => search.stopIndexing());

    const route = routeGroup(app, { tags: ['discovery'], errors: [] });

    route({
      method: 'GET',
      url: '/client/search',
      access: 'public',
      summary: 'Search titles, descriptions and tags in every locale (Simplified and Traditional alike)',
      description:
        'A search that finds something counts towards the hot searches, once per keyword, searcher (a member, or a guest address) and day; `suggest=true` (typed-ahead) never counts.',
      querystring: searchQuerySchema,
      response: searchResponseSchema,
      errors: [400],
      handler: (request) => search.search(request.query, requestLocale(request), request.ip, () => search.memberOf(request)),
    });

    route({
      method: 'GET',
      url: '/client/search/hot',
      access: 'public',
      summary: 'Editorial titles and the keywords most people searched in the last 7 days',
      description:
        '`count` is the number of distinct searchers (0 for an editorial title nobody searched). A keyword needs several distinct searchers to appear, and many to rank above the editorial titles; blocked terms never appear.',
      response: hotSearchResponseSchema,
      handler: (request) => search.hotSearches(requestLocale(request)),
    });
  };
}

/** The hot searches' blocked terms, content's; register under `/console`. */
export function searchConsoleRoutes(ctx: AppContext, search: SearchService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: search'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/search/blocked-terms',
      access: 'console',
      role: 'content',
      summary: 'Terms kept off the hot searches, newest first',
      response: adminBlockedTermListResponseSchema,
      errors: [401, 403],
      handler: async () => ({ items: await search.blockedTerms() }),
    });

    route({
      method: 'POST',
      url: '/search/blocked-terms',
      access: 'console',
      role: 'content',
      audit: 'search.block-term',
      summary: 'Keep a term off the hot searches at once (any case or script); blocking it again changes nothing',
      body: adminBlockedTermBodySchema,
      response: adminBlockedTermResponseSchema,
      handler: (actor, request) => search.blockTerm(request.body.term, actor),
    });

    route({
      method: 'DELETE',
      url: '/search/blocked-terms/:term',
      access: 'console',
      role: 'content',
      audit: 'search.unblock-term',
      summary: 'Let a blocked term back onto the hot searches',
      params: adminBlockedTermParamsSchema,
      response: adminBlockedTermResponseSchema,
      handler: (actor, request) => search.unblockTerm(request.params.term, actor),
    });
  };
}
