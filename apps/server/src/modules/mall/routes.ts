import {
  errorEnvelopeSchema,
  mallExchangeResponseSchema,
  mallItemParamsSchema,
  mallListResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import type { MallService } from './service.js';

const tags = ['points'];
const security = [{ bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
};

/** The points mall: members only. */
export function mallRoutes(ctx: AppContext, mall: MallService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/points/mall',
      {
        schema: {
          tags,
          security,
          summary: 'Items on sale for points (in the request’s locale) and the member’s balance',
          response: { 200: mallListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await mall.list(await ctx.auth.requireViewer(request), requestLocale(request)),
      }),
    );

    app.post(
      '/client/points/mall/:itemId/exchange',
      {
        schema: {
          tags,
          security,
          summary:
            'Exchange points for an item: spend, take stock, add VIP days, all or nothing (INSUFFICIENT_POINTS, MALL_ITEM_SOLD_OUT, MALL_ITEM_NOT_FOUND)',
          params: mallItemParamsSchema,
          response: { 200: mallExchangeResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await mall.exchange(await ctx.auth.requireViewer(request), request.params.itemId, requestLocale(request)),
      }),
    );
  };
}
