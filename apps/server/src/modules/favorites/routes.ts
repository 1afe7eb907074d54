import {
  favoriteListResponseSchema,
  favoriteStatusResponseSchema,
  idParamsSchema,
  pageQuerySchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { FavoriteService } from './service.js';

/** Favourite dramas: members only (a guest gets 401 UNAUTHORIZED, spec section 6). */
export function favoriteRoutes(ctx: AppContext, favorites: FavoriteService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['favorites'], errors: [400, 401, 404], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/favorites',
      access: 'member',
      summary: 'The member’s favourite dramas, newest first, with the episode they last watched',
      querystring: pageQuerySchema,
      response: favoriteListResponseSchema,
      handler: (viewer, request) => favorites.list(viewer, request.query, requestLocale(request)),
    });

    route({
      method: 'POST',
      url: '/client/favorites/dramas/:id',
      access: 'member',
      summary: 'Favourite a drama (idempotent)',
      params: idParamsSchema,
      response: favoriteStatusResponseSchema,
      handler: (viewer, request) => favorites.add(viewer, request.params.id),
    });

    route({
      method: 'DELETE',
      url: '/client/favorites/dramas/:id',
      access: 'member',
      summary: 'Remove a drama from the favourites (idempotent)',
      params: idParamsSchema,
      response: favoriteStatusResponseSchema,
      handler: (viewer, request) => favorites.remove(viewer, request.params.id),
    });

    route({
      method: 'GET',
      url: '/client/favorites/dramas/:id/check',
      access: 'member',
      summary: 'Whether the member favours a drama, and its favourite count',
      params: idParamsSchema,
      response: favoriteStatusResponseSchema,
      handler: (viewer, request) => favorites.check(viewer, request.params.id),
    });
  };
}
