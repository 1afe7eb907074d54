import {
  memberActionSchema,
  memberAdjustmentListResponseSchema,
  memberAdjustmentQuerySchema,
  memberAdjustmentResultResponseSchema,
  memberDetailResponseSchema,
  memberFeedbackListResponseSchema,
  memberHistoryListResponseSchema,
  memberOrderListResponseSchema,
  memberPageQuerySchema,
  memberParamsSchema,
  memberPointsChangeSchema,
  memberPointsListResponseSchema,
  memberSearchQuerySchema,
  memberSearchResponseSchema,
  memberVipChangeSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { MembersConsoleService } from './service.js';

/** Support answers members; finance reads who paid what (contacts masked). The owner passes both. */
const SUPPORT = 'support' as const;
const READERS = ['support', 'finance'] as const;

/** The console's members calls; register under `/console`. */
export function membersConsoleRoutes(ctx: AppContext, service: MembersConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: members'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/members',
      access: 'console',
      role: READERS,
      summary: 'Members by id, name, phone or e-mail, newest first (contacts masked for roles that do not need them)',
      querystring: memberSearchQuerySchema,
      response: memberSearchResponseSchema,
      handler: async (actor, request) => service.search(actor, request.query),
    });

    route({
      method: 'GET',
      url: '/members/:id',
      access: 'console',
      role: READERS,
      summary: "A member's profile and VIP state",
      params: memberParamsSchema,
      response: memberDetailResponseSchema,
      handler: async (actor, request) => service.get(actor, request.params.id),
    });

    route({
      method: 'GET',
      url: '/members/:id/orders',
      access: 'console',
      role: READERS,
      summary: "A member's orders, newest first",
      params: memberParamsSchema,
      querystring: memberPageQuerySchema,
      response: memberOrderListResponseSchema,
      handler: async (_actor, request) => service.orders(request.params.id, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/members/:id/points',
      access: 'console',
      role: SUPPORT,
      summary: "A member's points ledger, newest first",
      params: memberParamsSchema,
      querystring: memberPageQuerySchema,
      response: memberPointsListResponseSchema,
      handler: async (_actor, request) => service.points(request.params.id, request.query),
    });

    route({
      method: 'GET',
      url: '/members/:id/history',
      access: 'console',
      role: SUPPORT,
      summary: "A member's watch history, most recent first",
      params: memberParamsSchema,
      querystring: memberPageQuerySchema,
      response: memberHistoryListResponseSchema,
      handler: async (_actor, request) => service.history(request.params.id, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/members/:id/feedback',
      access: 'console',
      role: SUPPORT,
      summary: "A member's feedback with its replies, newest first",
      params: memberParamsSchema,
      querystring: memberPageQuerySchema,
      response: memberFeedbackListResponseSchema,
      handler: async (_actor, request) => service.feedback(request.params.id, request.query),
    });

    route({
      method: 'GET',
      url: '/members/:id/adjustments',
      access: 'console',
      role: SUPPORT,
      summary: "Operators' grants and deductions of VIP days and points for a member, newest first",
      params: memberParamsSchema,
      querystring: memberAdjustmentQuerySchema,
      response: memberAdjustmentListResponseSchema,
      handler: async (_actor, request) => service.adjustments(request.params.id, request.query),
    });

    route({
      method: 'POST',
      url: '/members/:id/vip',
      access: 'console',
      role: SUPPORT,
      audit: 'member.vip',
      summary: 'Grant or deduct VIP days, with a reason; once per idempotency key',
      params: memberParamsSchema,
      body: memberVipChangeSchema,
      response: memberAdjustmentResultResponseSchema,
      errors: [400, 401, 403, 404, 409, 422],
      handler: async (actor, request) => service.changeVip(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/members/:id/points',
      access: 'console',
      role: SUPPORT,
      audit: 'member.points',
      summary: 'Grant or deduct points through the ledger, with a reason; once per idempotency key',
      params: memberParamsSchema,
      body: memberPointsChangeSchema,
      response: memberAdjustmentResultResponseSchema,
      errors: [400, 401, 403, 404, 409, 422],
      handler: async (actor, request) => service.changePoints(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/members/:id/disable',
      access: 'console',
      role: SUPPORT,
      audit: 'member.disable',
      summary: 'Disable a member: sign-in refused, every token ended',
      params: memberParamsSchema,
      body: memberActionSchema,
      response: memberDetailResponseSchema,
      handler: async (actor, request) => service.disable(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/members/:id/enable',
      access: 'console',
      role: SUPPORT,
      audit: 'member.enable',
      summary: 'Enable a disabled member',
      params: memberParamsSchema,
      body: memberActionSchema,
      response: memberDetailResponseSchema,
      handler: async (actor, request) => service.enable(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/members/:id/sign-out',
      access: 'console',
      role: SUPPORT,
      audit: 'member.sign-out',
      summary: "Sign a member out everywhere: every token they hold stops working",
      params: memberParamsSchema,
      body: memberActionSchema,
      response: memberDetailResponseSchema,
      handler: async (actor, request) => service.signOutEverywhere(actor, request.params.id, request.body),
    });
  };
}
