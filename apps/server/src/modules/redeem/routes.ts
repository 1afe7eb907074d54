import {
  pageQuerySchema,
  redeemBodySchema,
  redeemRecordListResponseSchema,
  redeemResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { routeGroup } from '../../platform/route.js';
import type { RedeemService } from './service.js';

/** Redeeming codes and the member's redeem history: members only. */
export function redeemRoutes(ctx: AppContext, redeem: RedeemService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['redeem'], errors: [400, 401], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/redeem',
      access: 'member',
      summary:
        'Redeem a code (case-sensitive; dashes and spaces ignored) for VIP days or points (REDEEM_CODE_INVALID, REDEEM_CODE_USED, REDEEM_CODE_EXPIRED; RATE_LIMITED after repeated failures)',
      body: redeemBodySchema,
      response: redeemResponseSchema,
      errors: [400, 401, 404, 409, 410, 429],
      handler: async (viewer, request, reply) => {
        try {
          return await redeem.redeem(viewer, request.body.code, request.ip || null);
        } catch (error) {
          if (error instanceof AppError && error.code === 'RATE_LIMITED') {
            reply.header('Retry-After', String((error.details as { retryAfter: number }).retryAfter));
          }
          throw error;
        }
      },
    });

    route({
      method: 'GET',
      url: '/client/redeem/records',
      access: 'member',
      summary: 'Codes the member redeemed, newest first',
      querystring: pageQuerySchema,
      response: redeemRecordListResponseSchema,
      handler: (viewer, request) => redeem.records(viewer, request.query),
    });
  };
}
