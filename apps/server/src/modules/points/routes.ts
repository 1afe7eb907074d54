import {
  pointsRecordListResponseSchema,
  pointsRecordQuerySchema,
  pointsSummaryResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { PointsService } from './service.js';

/** The member's balance and ledger: members only, each reading their own. */
export function pointsRoutes(ctx: AppContext, points: PointsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['points'], errors: [400, 401], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/points',
      access: 'member',
      summary: 'Balance, points earned today and in all, and the check-in streak',
      response: pointsSummaryResponseSchema,
      handler: (viewer) => points.summary(viewer),
    });

    route({
      method: 'GET',
      url: '/client/points/records',
      access: 'member',
      summary: 'The member’s points records, newest first, optionally of one type; what each was for as codes and values, a mall item’s name in the request’s locale',
      querystring: pointsRecordQuerySchema,
      response: pointsRecordListResponseSchema,
      handler: (viewer, request) => points.records(viewer, request.query, requestLocale(request)),
    });
  };
}
