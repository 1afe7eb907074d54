import {
  consoleOrderDetailResponseSchema,
  consoleOrderExportQuerySchema,
  consoleOrderListQuerySchema,
  consoleOrderListResponseSchema,
  consoleOrderReviewQuerySchema,
  consoleOrderReviewResponseSchema,
  consoleRefundCreateSchema,
  consoleRefundResponseSchema,
  orderChannelQueryResponseSchema,
  orderIdParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { writeAudit } from '../../platform/audit.js';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { OrderConsoleService } from './console-service.js';

const FINANCE = 'finance' as const;

/** The console's orders and refunds; register under `/console`. Role finance (the owner passes too). */
export function orderConsoleRoutes(ctx: AppContext, service: OrderConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: orders'], errors: [400, 401, 403, 404, 409, 422, 502], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/orders',
      access: 'console',
      role: FINANCE,
      summary: 'Orders, newest first, paged and filtered by status (partly_refunded, refunded: a paid order with some or all of it given back), channel, plan, creation time and amount',
      querystring: consoleOrderListQuerySchema,
      response: consoleOrderListResponseSchema,
      handler: async (_actor, request) => service.list(request.query),
    });

    route({
      method: 'GET',
      url: '/orders/review',
      access: 'console',
      role: FINANCE,
      summary: 'The review queue: paid after expiry, paid another amount, and verified notifications about no order of ours',
      querystring: consoleOrderReviewQuerySchema,
      response: consoleOrderReviewResponseSchema,
      handler: async (_actor, request) => service.review(request.query),
    });

    // The export is CSV, not the envelope, streamed as it is read.
    route.raw({
      method: 'GET',
      url: '/orders/export.csv',
      access: 'console',
      role: FINANCE,
      hide: true,
      querystring: consoleOrderExportQuerySchema,
      handler: async (actor, request, reply) => {
        await writeAudit(ctx.db, actor, { action: 'order.export', targetType: 'orders', targetId: null, after: request.query });
        const day = (value: string) => value.slice(0, 10);
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="orders-${day(request.query.from)}-${day(request.query.to)}.csv"`)
          .header('Cache-Control', 'no-store')
          .send(service.exportCsv(request.query));
      },
    });

    route({
      method: 'GET',
      url: '/orders/:id',
      access: 'console',
      role: FINANCE,
      summary: "An order with its channel's notifications and query answers as received (and what each did), its refunds and what is left to refund",
      params: orderIdParamsSchema,
      response: consoleOrderDetailResponseSchema,
      handler: async (_actor, request) => service.detail(request.params.id),
    });

    route({
      method: 'POST',
      url: '/orders/:id/query',
      access: 'console',
      role: FINANCE,
      audit: 'order.query',
      summary: 'Asks the channel about the order now and applies a final answer, as reconciliation does',
      params: orderIdParamsSchema,
      response: orderChannelQueryResponseSchema,
      handler: async (actor, request) => service.askChannel(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/orders/:id/refunds',
      access: 'console',
      role: FINANCE,
      audit: 'order.refund',
      summary:
        "Refunds all or part of a paid order through its channel, idempotent by refundNo; shortens the member's VIP (consoleOrders' rule) in the same transaction as the refund's record and the audit row",
      params: orderIdParamsSchema,
      body: consoleRefundCreateSchema,
      response: consoleRefundResponseSchema,
      handler: async (actor, request) => service.refund(actor, request.params.id, request.body),
    });
  };
}
