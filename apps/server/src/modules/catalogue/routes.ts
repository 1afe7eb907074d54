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
import type { CatalogueService } from './service.js';

const tags = ['catalogue'];
const cached = { responseCache: true };

export function catalogueRoutes(ctx: AppContext, catalogue: CatalogueService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/dramas',
      { config: cached, schema: { tags, summary: 'Dramas, filtered and sorted', querystring: dramaListQuerySchema, response: { 200: dramaListResponseSchema } } },
      async (request) => ({ success: true as const, data: await catalogue.listDramas(request.query, requestLocale(request)) }),
    );

    app.get(
      '/client/dramas/featured',
      { config: cached, schema: { tags, summary: 'Featured dramas for the carousel', response: { 200: dramaFeaturedResponseSchema } } },
      async (request) => ({ success: true as const, data: await catalogue.featured(requestLocale(request)) }),
    );

    app.get(
      '/client/dramas/tag/:tag',
      {
        config: cached,
        schema: {
          tags,
          summary: 'Dramas of one tag (by slug or shown name); an unknown tag gives an empty list',
          params: tagParamsSchema,
          querystring: tagDramasQuerySchema,
          response: { 200: tagDramasResponseSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await catalogue.dramasByTag(request.params.tag, request.query, requestLocale(request)),
      }),
    );

    app.get(
      '/client/dramas/:id',
      { config: cached, schema: { tags, summary: 'A drama with its episodes', params: idParamsSchema, response: { 200: dramaDetailResponseSchema } } },
      async (request) => ({
        success: true as const,
        data: await catalogue.dramaDetail(request.params.id, requestLocale(request)),
      }),
    );

    const episodeList = {
      config: cached,
      schema: { tags, summary: 'Episodes of a drama', params: idParamsSchema, response: { 200: episodeListResponseSchema } },
    };
    app.get('/client/episodes/drama/:id', episodeList, async (request) => ({
      success: true as const,
      data: await catalogue.episodesOfDrama(request.params.id),
    }));
    // The spec's older path for the same list, kept as written.
    app.get('/dramas/episodes/:id', episodeList, async (request) => ({
      success: true as const,
      data: await catalogue.episodesOfDrama(request.params.id),
    }));

    app.get(
      '/client/episodes/:id/play',
      {
        schema: {
          tags,
          summary: 'Play address of an episode (locked episodes: VIP members only)',
          params: idParamsSchema,
          response: { 200: playInfoResponseSchema },
        },
      },
      async (request) => {
        const viewer = await ctx.auth.viewer(request);
        return { success: true as const, data: await catalogue.play(request.params.id, viewer, request.ip) };
      },
    );

    app.post(
      '/client/episodes/:id/paywall',
      {
        schema: {
          tags,
          summary: "The player showed a locked episode's gate: a paywall hit for the funnel (once per viewer and episode in 10 minutes)",
          params: idParamsSchema,
          response: { 200: paywallSeenResponseSchema },
        },
      },
      async (request) => {
        const viewer = await ctx.auth.viewer(request);
        return { success: true as const, data: { recorded: await catalogue.paywallSeen(request.params.id, viewer, request.ip) } };
      },
    );

    app.get(
      '/client/categories',
      { config: cached, schema: { tags, summary: 'Categories with drama counts', response: { 200: categoryListResponseSchema } } },
      async (request) => ({ success: true as const, data: await catalogue.categories(requestLocale(request)) }),
    );

    app.get(
      '/client/tags',
      { config: cached, schema: { tags, summary: 'Tags with drama counts', response: { 200: tagListResponseSchema } } },
      async (request) => ({ success: true as const, data: await catalogue.tags(requestLocale(request)) }),
    );
  };
}
