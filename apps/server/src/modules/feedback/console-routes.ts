import {
  consoleFeedbackAssignSchema,
  consoleFeedbackListQuerySchema,
  consoleFeedbackListResponseSchema,
  consoleFeedbackReplySchema,
  consoleFeedbackResponseSchema,
  feedbackAssigneeListResponseSchema,
  feedbackCountResponseSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { FeedbackConsoleService } from './console-service.js';

const SUPPORT = 'support' as const;

/** The console's feedback inbox; register under `/console`. Role support (the owner passes too). */
export function feedbackConsoleRoutes(ctx: AppContext, service: FeedbackConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: feedback'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/feedback',
      access: 'console',
      role: SUPPORT,
      summary: "Every member's feedback, paged, filtered by status, type and assignee (me, none or an operator's id)",
      querystring: consoleFeedbackListQuerySchema,
      response: consoleFeedbackListResponseSchema,
      errors: [400, 401, 403],
      handler: async (actor, request) => service.list(actor, request.query),
    });

    route({
      method: 'GET',
      url: '/feedback/count',
      access: 'console',
      role: SUPPORT,
      summary: 'How many items nobody has answered yet (pending): all, and those assigned to the caller',
      response: feedbackCountResponseSchema,
      errors: [401, 403],
      handler: async (actor) => service.count(actor),
    });

    route({
      method: 'GET',
      url: '/feedback/assignees',
      access: 'console',
      role: SUPPORT,
      summary: 'The operators feedback can be assigned to: active, role support or owner',
      response: feedbackAssigneeListResponseSchema,
      errors: [401, 403],
      handler: async () => service.assignees(),
    });

    route({
      method: 'GET',
      url: '/feedback/:id',
      access: 'console',
      role: SUPPORT,
      summary: 'One item: the member, text, contact, screenshots, replies and assignee',
      params: idParamsSchema,
      response: consoleFeedbackResponseSchema,
      handler: async (_actor, request) => service.get(request.params.id),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/reply',
      access: 'console',
      role: SUPPORT,
      audit: 'feedback.reply',
      summary: 'Answer the member (they read it in their feedback history); the item becomes replied, and is assigned to the caller when nobody had it',
      params: idParamsSchema,
      body: consoleFeedbackReplySchema,
      response: consoleFeedbackResponseSchema,
      errors: [400, 401, 403, 404, 409],
      handler: async (actor, request) => service.reply(actor, request.params.id, request.body.content),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/close',
      access: 'console',
      role: SUPPORT,
      audit: 'feedback.close',
      summary: 'Close an item: no more replies (closing a closed one changes nothing)',
      params: idParamsSchema,
      response: consoleFeedbackResponseSchema,
      handler: async (actor, request) => service.close(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/reopen',
      access: 'console',
      role: SUPPORT,
      audit: 'feedback.reopen',
      summary: 'Open a closed item again: replied when it was answered, pending otherwise',
      params: idParamsSchema,
      response: consoleFeedbackResponseSchema,
      handler: async (actor, request) => service.reopen(actor, request.params.id),
    });

    route({
      method: 'PUT',
      url: '/feedback/:id/assignee',
      access: 'console',
      role: SUPPORT,
      audit: 'feedback.assign',
      summary: 'Assign the item to an active support operator or owner, or to nobody (operatorId null)',
      params: idParamsSchema,
      body: consoleFeedbackAssignSchema,
      response: consoleFeedbackResponseSchema,
      handler: async (actor, request) => service.assign(actor, request.params.id, request.body.operatorId),
    });
  };
}
