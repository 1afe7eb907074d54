import {
  categoryListResponseSchema,
  dramaDetailResponseSchema,
  dramaFeaturedResponseSchema,
  dramaListQuerySchema,
  dramaListResponseSchema,
  episodeListResponseSchema,
  idParamsSchema,
  paywallSeenResponseSchema,
  playInfoResponseSchema,
  tagDramasQuerySchema,
  tagDramasResponseSchema,
  tagListResponseSchema,
  tagParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { CatalogueService } from './service.js';

const cached = { responseCache: true };

export function catalogueRoutes(ctx: AppContext, catalogue: CatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['catalogue'], errors: [] });

    route({
      method: 'GET',
      url: '/client/dramas',
      access: 'public',
      config: cached,
      summary: 'Dramas, filtered and sorted',
      querystring: dramaListQuerySchema,
      response: dramaListResponseSchema,
      handler: (request) => catalogue.listDramas(request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/dramas/featured',
      access: 'public',
      config: cached,
      summary: 'Featured dramas for the carousel',
      response: dramaFeaturedResponseSchema,
      handler: (request) => catalogue.featured(requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/dramas/tag/:tag',
      access: 'public',
      config: cached,
      summary: 'Dramas of one tag (by slug or shown name); an unknown tag gives an empty list',
      params: tagParamsSchema,
      querystring: tagDramasQuerySchema,
      response: tagDramasResponseSchema,
      handler: (request) => catalogue.dramasByTag(request.params.tag, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/dramas/:id',
      access: 'public',
      config: cached,
      summary: 'A drama with its episodes',
      params: idParamsSchema,
      response: dramaDetailResponseSchema,
      handler: (request) => catalogue.dramaDetail(request.params.id, requestLocale(request)),
    });

    // The spec's older path (the second) for the same list, kept as written.
    for (const url of ['/client/episodes/drama/:id', '/dramas/episodes/:id']) {
      route({
        method: 'GET',
        url,
        access: 'public',
        config: cached,
        summary: 'Episodes of a drama',
        params: idParamsSchema,
        response: episodeListResponseSchema,
        handler: (request) => catalogue.episodesOfDrama(request.params.id),
      });
    }

    // Guests call these too, a token only unlocking more: documented without a bearer scheme
    // (those with one are member routes, each with its IDOR test), so they resolve the caller here.
    route({
      method: 'GET',
      url: '/client/episodes/:id/play',
      access: 'public',
      summary: 'Play address of an episode (locked episodes: VIP members only)',
      params: idParamsSchema,
      response: playInfoResponseSchema,
      handler: async (request) => catalogue.play(request.params.id, await ctx.auth.viewer(request), request.ip),
    });

    route({
      method: 'POST',
      url: '/client/episodes/:id/paywall',
      access: 'public',
      summary: "The player showed a locked episode's gate: a paywall hit for the funnel (once per viewer and episode in 10 minutes)",
      params: idParamsSchema,
      response: paywallSeenResponseSchema,
      handler: async (request) => ({ recorded: await catalogue.paywallSeen(request.params.id, await ctx.auth.viewer(request), request.ip) }),
    });

    route({
      method: 'GET',
      url: '/client/categories',
      access: 'public',
      config: cached,
      summary: 'Categories with drama counts',
      response: categoryListResponseSchema,
      handler: (request) => catalogue.categories(requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/tags',
      access: 'public',
      config: cached,
      summary: 'Tags with drama counts',
      response: tagListResponseSchema,
      handler: (request) => catalogue.tags(requestLocale(request)),
    });
  };
}
