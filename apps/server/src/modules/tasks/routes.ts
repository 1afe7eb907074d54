import {
  errorEnvelopeSchema,
  followTargetResponseSchema,
  taskClaimResponseSchema,
  taskListResponseSchema,
  taskParamsSchema,
  taskProgressBodySchema,
  taskProgressResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import type { TaskService } from './service.js';

const tags = ['points'];
const security = [{ bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  409: errorEnvelopeSchema,
  422: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Progress reports a member may send per minute: far above a person sharing, far below a script. */
export const PROGRESS_REPORTS_PER_MINUTE = 20;

/** The points tasks: members only, each acting on the caller's own tasks. */
export function taskRoutes(
  ctx: AppContext,
  tasks: TaskService,
  limiter: RateLimiter = ctx.rateLimits.create('task-progress', PROGRESS_REPORTS_PER_MINUTE, 60_000),
): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/points/tasks',
      {
        schema: {
          tags,
          security,
          summary:
            'Daily and newbie tasks with their states, the check-in streak, the invite code and where Follow us leads in the request’s locale (not listed while unset)',
          response: { 200: taskListResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        // Follow us and its target depend on the language.
        reply.header('Vary', 'Accept-Language');
        return { success: true as const, data: await tasks.list(await ctx.auth.requireViewer(request), requestLocale(request)) };
      },
    );

    app.post(
      '/client/points/follow/opened',
      {
        schema: {
          tags,
          security,
          summary: 'The member opened the Follow us target (its link or QR code): their "Done" counts from now on (NOT_FOUND while none is set)',
          response: { 200: followTargetResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = await ctx.auth.requireViewer(request);
        await enforceRateLimit(limiter, `task-progress:${viewer.id}`, reply);
        return { success: true as const, data: await tasks.followOpened(viewer, requestLocale(request)) };
      },
    );

    app.post(
      '/client/points/tasks/:taskType/progress',
      {
        schema: {
          tags,
          security,
          summary:
            'Report progress the server cannot see (shareContent; followUs once its target was opened, else TASK_NOT_COMPLETED); rate-limited per member',
          params: taskParamsSchema,
          body: taskProgressBodySchema,
          response: { 200: taskProgressResponseSchema, ...errors },
        },
        // The body is optional: a call without one reports a plain share or follow.
        preValidation: async (request) => {
          request.body ??= {};
        },
      },
      async (request, reply) => {
        const viewer = await ctx.auth.requireViewer(request);
        await enforceRateLimit(limiter, `task-progress:${viewer.id}`, reply);
        return {
          success: true as const,
          data: await tasks.report(viewer, request.params.taskType, request.body, requestLocale(request)),
        };
      },
    );

    app.post(
      '/client/points/tasks/:taskType/claim',
      {
        schema: {
          tags,
          security,
          summary:
            'Claim a completed task’s points, once per period (TASK_NOT_COMPLETED, TASK_ALREADY_RECEIVED); claiming dailyCheckIn is the check-in',
          params: taskParamsSchema,
          response: { 200: taskClaimResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await tasks.claim(await ctx.auth.requireViewer(request), request.params.taskType, requestLocale(request)),
      }),
    );
  };
}
