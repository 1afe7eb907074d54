import {
  createOrderBodySchema,
  createOrderResponseSchema,
  idParamsSchema,
  orderDetailResponseSchema,
  orderListQuerySchema,
  orderListResponseSchema,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import type { OrderService } from './service.js';

/** New orders per member and minute (each one opens a payment at a channel). */
export const ORDERS_PER_MINUTE = 10;

/** Where the member reached this server; the sandbox's QR code points back to it when PUBLIC_BASE_URL is unset. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/** The member's membership orders (DESIGN.md section 3, membership). Each acts on the caller's own orders only. */
export function orderRoutes(
  ctx: AppContext,
  orders: OrderService,
  limiter: RateLimiter = ctx.rateLimits.create('orders', ORDERS_PER_MINUTE, 60_000),
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['orders'], errors: [400, 401, 404, 409, 429, 502], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/orders',
      access: 'member',
      summary:
        'Order a plan and open its payment: a QR code (mode qr, the default), the channel’s page on a phone (wap) or ' +
        'WeChat Pay inside WeChat (jsapi, with the openid of GET /payments/wechat/oauth) (PLAN_NOT_FOUND, ' +
        'PAYMENT_CHANNEL_UNAVAILABLE, PAYMENT_CREATE_FAILED); asking again for the same plan and channel while one is pending resumes it',
      body: createOrderBodySchema,
      response: createOrderResponseSchema,
      handler: async (viewer, request, reply) => {
        await enforceRateLimit(limiter, `orders:${viewer.id}`, reply);
        return orders.create(viewer, request.body, requestLocale(request), requestOrigin(request), request.ip);
      },
    });

    route({
      method: 'GET',
      url: '/client/orders',
      access: 'member',
      summary: 'The member’s orders, newest first, optionally of one status',
      querystring: orderListQuerySchema,
      response: orderListResponseSchema,
      handler: (viewer, request) => orders.list(viewer, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/orders/:id',
      access: 'member',
      summary: 'One of the member’s orders, with its payment info while pending (what the payment page polls)',
      params: idParamsSchema,
      response: orderDetailResponseSchema,
      handler: (viewer, request) => orders.detail(viewer, request.params.id, requestLocale(request)),
    });

    route({
      method: 'POST',
      url: '/client/orders/:id/cancel',
      access: 'member',
      summary: 'Cancel a pending order (ORDER_NOT_PENDING otherwise)',
      params: idParamsSchema,
      response: orderDetailResponseSchema,
      handler: (viewer, request) => orders.cancel(viewer, request.params.id, requestLocale(request)),
    });
  };
}
