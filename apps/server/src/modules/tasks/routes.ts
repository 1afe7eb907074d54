import {
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
import { routeGroup } from '../../platform/route.js';
import type { TaskService } from './service.js';

/** Progress reports a member may send per minute: far above a person sharing, far below a script. */
export const PROGRESS_REPORTS_PER_MINUTE = 20;

/** The points tasks: members only, each acting on the caller's own tasks. */
export function taskRoutes(
  ctx: AppContext,
  tasks: TaskService,
  limiter: RateLimiter = ctx.rateLimits.create('task-progress', PROGRESS_REPORTS_PER_MINUTE, 60_000),
): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['points'], errors: [400, 401, 404, 409, 422, 429], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/points/tasks',
      access: 'member',
      summary:
        'Daily and newbie tasks with their states, the check-in streak, the invite code and where Follow us leads in the request’s locale (not listed while unset)',
      response: taskListResponseSchema,
      // Follow us and its target depend on the language; said before the caller is checked, so a refusal says it too.
      preValidation: async (_request, reply) => {
        reply.header('Vary', 'Accept-Language');
      },
      handler: (viewer, request) => tasks.list(viewer, requestLocale(request)),
    });

    route({
      method: 'POST',
      url: '/client/points/follow/opened',
      access: 'member',
      summary: 'The member opened the Follow us target (its link or QR code): their "Done" counts from now on (NOT_FOUND while none is set)',
      response: followTargetResponseSchema,
      handler: async (viewer, request, reply) => {
        await enforceRateLimit(limiter, `task-progress:${viewer.id}`, reply);
        return tasks.followOpened(viewer, requestLocale(request));
      },
    });

    route({
      method: 'POST',
      url: '/client/points/tasks/:taskType/progress',
      access: 'member',
      summary:
        'Report progress the server cannot see (shareContent; followUs once its target was opened, else TASK_NOT_COMPLETED); rate-limited per member',
      params: taskParamsSchema,
      body: taskProgressBodySchema,
      response: taskProgressResponseSchema,
      // The body is optional: a call without one reports a plain share or follow.
      preValidation: async (request) => {
        request.body ??= {};
      },
      handler: async (viewer, request, reply) => {
        await enforceRateLimit(limiter, `task-progress:${viewer.id}`, reply);
        return tasks.report(viewer, request.params.taskType, request.body, requestLocale(request));
      },
    });

    route({
      method: 'POST',
      url: '/client/points/tasks/:taskType/claim',
      access: 'member',
      summary:
        'Claim a completed task’s points, once per period (TASK_NOT_COMPLETED, TASK_ALREADY_RECEIVED); claiming dailyCheckIn is the check-in',
      params: taskParamsSchema,
      response: taskClaimResponseSchema,
      handler: (viewer, request) => tasks.claim(viewer, request.params.taskType, requestLocale(request)),
    });
  };
}
