import {
  consoleMallItemCreateSchema,
  consoleMallItemListQuerySchema,
  consoleMallItemListResponseSchema,
  consoleMallItemResponseSchema,
  consoleMallItemUpdateSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { MallConsoleService } from './console-service.js';

const FINANCE = 'finance' as const;

/** The points mall's items in the console; register under `/console`. Role finance (the owner passes too). */
export function mallConsoleRoutes(ctx: AppContext, service: MallConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: points'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/points/mall-items',
      access: 'console',
      role: FINANCE,
      summary: 'Mall items in the viewers’ order, on and off sale (filter `sale`), with their three languages and exchanges',
      querystring: consoleMallItemListQuerySchema,
      response: consoleMallItemListResponseSchema,
      handler: async (_actor, request) => service.list(request.query),
    });

    route({
      method: 'POST',
      url: '/points/mall-items',
      access: 'console',
      role: FINANCE,
      audit: 'mall-item.create',
      summary: 'Add an item: VIP days for points, named in three languages, with a stock (null: unlimited), on or off sale',
      body: consoleMallItemCreateSchema,
      response: consoleMallItemResponseSchema,
      handler: async (actor, request) => service.create(actor, request.body),
    });

    route({
      method: 'GET',
      url: '/points/mall-items/:id',
      access: 'console',
      role: FINANCE,
      summary: 'A mall item',
      params: idParamsSchema,
      response: consoleMallItemResponseSchema,
      handler: async (_actor, request) => service.get(request.params.id),
    });

    route({
      method: 'PATCH',
      url: '/points/mall-items/:id',
      access: 'console',
      role: FINANCE,
      audit: 'mall-item.update',
      summary: 'Change an item (texts, price, days, stock, sale, order); the viewers’ mall shows it at once, off sale hides it and stops exchanges',
      params: idParamsSchema,
      body: consoleMallItemUpdateSchema,
      response: consoleMallItemResponseSchema,
      handler: async (actor, request) => service.update(actor, request.params.id, request.body),
    });
  };
}
