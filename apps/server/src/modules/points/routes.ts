import {
  adminPointsBodySchema,
  adminPointsResponseSchema,
  adminUserParamsSchema,
  errorEnvelopeSchema,
  pointsRecordListResponseSchema,
  pointsRecordQuerySchema,
  pointsSummaryResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { adminGuard } from '../admin/guard.js';
import type { PointsService } from './service.js';

const tags = ['points'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema };

/** The member's balance and ledger: members only, each reading their own. */
export function pointsRoutes(ctx: AppContext, points: PointsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/points',
      {
        schema: {
          tags,
          security,
          summary: 'Balance, points earned today and in all, and the check-in streak',
          response: { 200: pointsSummaryResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await points.summary(await ctx.auth.requireViewer(request)) }),
    );

    app.get(
      '/client/points/records',
      {
        schema: {
          tags,
          security,
          summary: 'The member’s points records, newest first, optionally of one type',
          querystring: pointsRecordQuerySchema,
          response: { 200: pointsRecordListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await points.records(await ctx.auth.requireViewer(request), request.query),
      }),
    );
  };
}

/** The operator's grant or deduction of points; register under `/admin`. */
export function pointsAdminRoutes(points: PointsService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));

    app.post(
      '/users/:id/points',
      {
        schema: {
          tags: ['admin'],
          security,
          summary: 'Grant (positive) or deduct (negative) points; never below 0 (INSUFFICIENT_POINTS)',
          params: adminUserParamsSchema,
          body: adminPointsBodySchema,
          response: {
            200: adminPointsResponseSchema,
            ...errors,
            404: errorEnvelopeSchema,
            422: errorEnvelopeSchema,
          },
        },
      },
      async (request) => ({ success: true as const, data: await points.adjust(request.params.id, request.body) }),
    );
  };
}
