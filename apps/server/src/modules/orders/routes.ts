import {
  createOrderBodySchema,
  createOrderResponseSchema,
  errorEnvelopeSchema,
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
import type { OrderService } from './service.js';

const tags = ['orders'];
const security = [{ bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
  502: errorEnvelopeSchema,
};

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
    app.post(
      '/client/orders',
      {
        schema: {
          tags,
          security,
          summary:
            'Order a plan and open its QR payment (PLAN_NOT_FOUND, PAYMENT_CHANNEL_UNAVAILABLE, PAYMENT_CREATE_FAILED); ' +
            'asking again for the same plan and channel while one is pending resumes it',
          body: createOrderBodySchema,
          response: { 200: createOrderResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = await ctx.auth.requireViewer(request);
        await enforceRateLimit(limiter, `orders:${viewer.id}`, reply);
        return {
          success: true as const,
          data: await orders.create(viewer, request.body, requestLocale(request), requestOrigin(request)),
        };
      },
    );

    app.get(
      '/client/orders',
      {
        schema: {
          tags,
          security,
          summary: 'The member’s orders, newest first, optionally of one status',
          querystring: orderListQuerySchema,
          response: { 200: orderListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await orders.list(await ctx.auth.requireViewer(request), request.query, requestLocale(request)),
      }),
    );

    app.get(
      '/client/orders/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One of the member’s orders, with its payment info while pending (what the payment page polls)',
          params: idParamsSchema,
          response: { 200: orderDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await orders.detail(await ctx.auth.requireViewer(request), request.params.id, requestLocale(request)),
      }),
    );

    app.post(
      '/client/orders/:id/cancel',
      {
        schema: {
          tags,
          security,
          summary: 'Cancel a pending order (ORDER_NOT_PENDING otherwise)',
          params: idParamsSchema,
          response: { 200: orderDetailResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await orders.cancel(await ctx.auth.requireViewer(request), request.params.id, requestLocale(request)),
      }),
    );
  };
}
