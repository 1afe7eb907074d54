import {
  errorEnvelopeSchema,
  favoriteListResponseSchema,
  favoriteStatusResponseSchema,
  idParamsSchema,
  pageQuerySchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import type { FavoriteService } from './service.js';

const tags = ['favorites'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Favourite dramas: members only (a guest gets 401 UNAUTHORIZED, spec section 6). */
export function favoriteRoutes(ctx: AppContext, favorites: FavoriteService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/favorites',
      {
        schema: {
          tags,
          security,
          summary: 'The member’s favourite dramas, newest first, with the episode they last watched',
          querystring: pageQuerySchema,
          response: { 200: favoriteListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await favorites.list(await ctx.auth.requireViewer(request), request.query, requestLocale(request)),
      }),
    );

    app.post(
      '/client/favorites/dramas/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Favourite a drama (idempotent)',
          params: idParamsSchema,
          response: { 200: favoriteStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await favorites.add(await ctx.auth.requireViewer(request), request.params.id),
      }),
    );

    app.delete(
      '/client/favorites/dramas/:id',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a drama from the favourites (idempotent)',
          params: idParamsSchema,
          response: { 200: favoriteStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await favorites.remove(await ctx.auth.requireViewer(request), request.params.id),
      }),
    );

    app.get(
      '/client/favorites/dramas/:id/check',
      {
        schema: {
          tags,
          security,
          summary: 'Whether the member favours a drama, and its favourite count',
          params: idParamsSchema,
          response: { 200: favoriteStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await favorites.check(await ctx.auth.requireViewer(request), request.params.id),
      }),
    );
  };
}
