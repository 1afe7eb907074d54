import { mallExchangeResponseSchema, mallItemParamsSchema, mallListResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { MallService } from './service.js';

/** The points mall: members only. */
export function mallRoutes(ctx: AppContext, mall: MallService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['points'], errors: [400, 401, 404, 409, 422], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/points/mall',
      access: 'member',
      summary: 'Items on sale for points (in the request’s locale) and the member’s balance',
      response: mallListResponseSchema,
      handler: (viewer, request) => mall.list(viewer, requestLocale(request)),
    });

    route({
      method: 'POST',
      url: '/client/points/mall/:itemId/exchange',
      access: 'member',
      summary:
        'Exchange points for an item: spend, take stock, add VIP days, all or nothing (INSUFFICIENT_POINTS, MALL_ITEM_SOLD_OUT, MALL_ITEM_NOT_FOUND)',
      params: mallItemParamsSchema,
      response: mallExchangeResponseSchema,
      handler: (viewer, request) => mall.exchange(viewer, request.params.itemId, requestLocale(request)),
    });
  };
}
