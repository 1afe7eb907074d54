import {
  consoleCheckInRewardsUpdateSchema,
  consoleTaskRewardListResponseSchema,
  consoleTaskRewardParamsSchema,
  consoleTaskRewardUpdateSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { TaskRewardConsoleService } from './console-service.js';

const FINANCE = 'finance' as const;

/** The tasks' rewards in the console; register under `/console`. Role finance (the owner passes too). */
export function taskRewardConsoleRoutes(ctx: AppContext, service: TaskRewardConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: points'], errors: [400, 401, 403], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/points/task-rewards',
      access: 'console',
      role: FINANCE,
      summary: "The tasks with the points a claim pays now, and the check-in's by day of the streak",
      response: consoleTaskRewardListResponseSchema,
      handler: async () => service.list(),
    });

    route({
      method: 'PUT',
      url: '/points/task-rewards/:taskType',
      access: 'console',
      role: FINANCE,
      audit: 'task-reward.update',
      summary: "Set a task's reward: claims from now on pay it, claims made keep theirs (the check-in's is set by day)",
      params: consoleTaskRewardParamsSchema,
      body: consoleTaskRewardUpdateSchema,
      response: consoleTaskRewardListResponseSchema,
      handler: async (actor, request) => service.updateTask(actor, request.params.taskType, request.body),
    });

    route({
      method: 'PUT',
      url: '/points/check-in-rewards',
      access: 'console',
      role: FINANCE,
      audit: 'check-in-rewards.update',
      summary: "Set the check-in's points for days 1 to 7 of a streak (day 7's for every day after)",
      body: consoleCheckInRewardsUpdateSchema,
      response: consoleTaskRewardListResponseSchema,
      handler: async (actor, request) => service.updateCheckIn(actor, request.body),
    });
  };
}
