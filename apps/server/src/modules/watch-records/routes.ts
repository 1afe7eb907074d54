import {
  dramaIdParamsSchema,
  mergeWatchRecordsBodySchema,
  mergeWatchRecordsResponseSchema,
  progressQuerySchema,
  recordedResponseSchema,
  resumePointResponseSchema,
  watchQuerySchema,
  watchRecordListQuerySchema,
  watchRecordListResponseSchema,
  watchRecordParamsSchema,
  watchRecordRemovedResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { WatchRecordService } from './service.js';

const recorded = { recorded: true as const };

/** Watch records and the history page: members only, each acting on the caller's own records. */
export function watchRecordRoutes(ctx: AppContext, records: WatchRecordService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['history'], errors: [400, 401, 403, 404], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/watch-records/:dramaId/episodes/:episodeId/watch',
      access: 'member',
      summary: 'An episode started: the record moves to it (one view of the drama per member and day)',
      params: watchRecordParamsSchema,
      querystring: watchQuerySchema,
      response: recordedResponseSchema,
      handler: async (viewer, request) => {
        const { dramaId, episodeId } = request.params;
        await records.watch(viewer, dramaId, episodeId, request.query.episodeId);
        return recorded;
      },
    });

    route({
      method: 'POST',
      url: '/client/watch-records/:dramaId/progress',
      access: 'member',
      summary: 'The position in an episode (seconds, clamped to its length), reported every 10 s',
      params: dramaIdParamsSchema,
      querystring: progressQuerySchema,
      response: recordedResponseSchema,
      handler: async (viewer, request) => {
        await records.progress(viewer, request.params.dramaId, request.query.episodeId, request.query.progress);
        return recorded;
      },
    });

    route({
      method: 'POST',
      url: '/client/watch-records/merge',
      access: 'member',
      summary: 'Merge a guest’s local history (at most 50 entries) at sign-in; the later watch wins',
      body: mergeWatchRecordsBodySchema,
      response: mergeWatchRecordsResponseSchema,
      handler: async (viewer, request) => ({ merged: await records.merge(viewer, request.body) }),
    });

    route({
      method: 'GET',
      url: '/client/watch-records',
      access: 'member',
      summary: 'The history page: dramas watched, most recent first, with episode and position',
      querystring: watchRecordListQuerySchema,
      response: watchRecordListResponseSchema,
      handler: (viewer, request) => records.list(viewer, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/watch-records/:dramaId',
      access: 'member',
      summary: 'Where to resume a drama (null when the member has no record of it)',
      params: dramaIdParamsSchema,
      response: resumePointResponseSchema,
      handler: (viewer, request) => records.resumePoint(viewer, request.params.dramaId),
    });

    route({
      method: 'DELETE',
      url: '/client/watch-records/:dramaId',
      access: 'member',
      summary: 'Remove a drama from the history (idempotent)',
      params: dramaIdParamsSchema,
      response: watchRecordRemovedResponseSchema,
      handler: async (viewer, request) => ({ removed: await records.remove(viewer, request.params.dramaId) }),
    });
  };
}
