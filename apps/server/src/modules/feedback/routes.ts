import {
  createFeedbackBodySchema,
  errorEnvelopeSchema,
  feedbackListQuerySchema,
  feedbackListResponseSchema,
  feedbackResponseSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { FeedbackService } from './service.js';

const tags = ['feedback'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** A member's feedback: send it, and read their own history with the operator's replies. */
export function feedbackRoutes(ctx: AppContext, feedback: FeedbackService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/client/feedback',
      {
        schema: {
          tags,
          security,
          summary: 'Send feedback, with up to three of the member’s own uploads as screenshots (rate-limited)',
          body: createFeedbackBodySchema,
          response: { 200: feedbackResponseSchema, ...errors, 429: errorEnvelopeSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await feedback.create(await ctx.auth.requireViewer(request), request.body),
      }),
    );

    app.get(
      '/client/feedback',
      {
        schema: {
          tags,
          security,
          summary: 'The member’s feedback, newest first, with replies',
          querystring: feedbackListQuerySchema,
          response: { 200: feedbackListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await feedback.list(await ctx.auth.requireViewer(request), request.query),
      }),
    );

    app.get(
      '/client/feedback/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One of the member’s feedback items, with replies',
          params: idParamsSchema,
          response: { 200: feedbackResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await feedback.get(await ctx.auth.requireViewer(request), request.params.id),
      }),
    );
  };
}
