import {
  createFeedbackBodySchema,
  feedbackListQuerySchema,
  feedbackListResponseSchema,
  feedbackResponseSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { FeedbackService } from './service.js';

/** A member's feedback: send it, and read their own history with the operator's replies. */
export function feedbackRoutes(ctx: AppContext, feedback: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['feedback'], errors: [400, 401, 404], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/feedback',
      access: 'member',
      summary: 'Send feedback, with up to three of the member’s own uploads as screenshots (rate-limited)',
      body: createFeedbackBodySchema,
      response: feedbackResponseSchema,
      errors: [400, 401, 404, 429],
      handler: (viewer, request) => feedback.create(viewer, request.body),
    });

    route({
      method: 'GET',
      url: '/client/feedback',
      access: 'member',
      summary: 'The member’s feedback, newest first, with replies',
      querystring: feedbackListQuerySchema,
      response: feedbackListResponseSchema,
      handler: (viewer, request) => feedback.list(viewer, request.query),
    });

    route({
      method: 'GET',
      url: '/client/feedback/:id',
      access: 'member',
      summary: 'One of the member’s feedback items, with replies',
      params: idParamsSchema,
      response: feedbackResponseSchema,
      handler: (viewer, request) => feedback.get(viewer, request.params.id),
    });
  };
}
