import {
  adminRedeemCreateBodySchema,
  adminRedeemCreateResponseSchema,
  errorEnvelopeSchema,
  pageQuerySchema,
  redeemBodySchema,
  redeemRecordListResponseSchema,
  redeemResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { adminGuard } from '../admin/guard.js';
import type { RedeemService } from './service.js';

const tags = ['redeem'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/** Redeeming codes and the member's redeem history: members only. */
export function redeemRoutes(ctx: AppContext, redeem: RedeemService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/client/redeem',
      {
        schema: {
          tags,
          security,
          summary:
            'Redeem a code (case-sensitive; dashes and spaces ignored) for VIP days or points (REDEEM_CODE_INVALID, REDEEM_CODE_USED, REDEEM_CODE_EXPIRED; RATE_LIMITED after repeated failures)',
          body: redeemBodySchema,
          response: {
            200: redeemResponseSchema,
            ...errors,
            404: errorEnvelopeSchema,
            409: errorEnvelopeSchema,
            410: errorEnvelopeSchema,
            429: errorEnvelopeSchema,
          },
        },
      },
      async (request, reply) => {
        const viewer = await ctx.auth.requireViewer(request);
        try {
          return { success: true as const, data: await redeem.redeem(viewer, request.body.code, request.ip || null) };
        } catch (error) {
          if (error instanceof AppError && error.code === 'RATE_LIMITED') {
            reply.header('Retry-After', String((error.details as { retryAfter: number }).retryAfter));
          }
          throw error;
        }
      },
    );

    app.get(
      '/client/redeem/records',
      {
        schema: {
          tags,
          security,
          summary: 'Codes the member redeemed, newest first',
          querystring: pageQuerySchema,
          response: { 200: redeemRecordListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await redeem.records(await ctx.auth.requireViewer(request), request.query),
      }),
    );
  };
}

/** The operator's batches of codes; register under `/admin`. */
export function redeemAdminRoutes(redeem: RedeemService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));

    app.post(
      '/redeem-codes',
      {
        schema: {
          tags: ['admin'],
          security,
          summary: 'Create a batch of single-use codes for VIP days or points, optionally expiring',
          body: adminRedeemCreateBodySchema,
          response: { 200: adminRedeemCreateResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await redeem.create(request.body) }),
    );
  };
}
