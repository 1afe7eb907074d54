import {
  dramaIdParamsSchema,
  errorEnvelopeSchema,
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
import type { WatchRecordService } from './service.js';

const tags = ['history'];
const security = [{ bearer: [] }];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
};
const recorded = { success: true as const, data: { recorded: true as const } };

/** Watch records and the history page: members only, each acting on the caller's own records. */
export function watchRecordRoutes(ctx: AppContext, records: WatchRecordService): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      '/client/watch-records/:dramaId/episodes/:episodeId/watch',
      {
        schema: {
          tags,
          security,
          summary: 'An episode started: the record moves to it (one view of the drama per member and day)',
          params: watchRecordParamsSchema,
          querystring: watchQuerySchema,
          response: { 200: recordedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const viewer = await ctx.auth.requireViewer(request);
        const { dramaId, episodeId } = request.params;
        await records.watch(viewer, dramaId, episodeId, request.query.episodeId);
        return recorded;
      },
    );

    app.post(
      '/client/watch-records/:dramaId/progress',
      {
        schema: {
          tags,
          security,
          summary: 'The position in an episode (seconds, clamped to its length), reported every 10 s',
          params: dramaIdParamsSchema,
          querystring: progressQuerySchema,
          response: { 200: recordedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const viewer = await ctx.auth.requireViewer(request);
        await records.progress(viewer, request.params.dramaId, request.query.episodeId, request.query.progress);
        return recorded;
      },
    );

    app.post(
      '/client/watch-records/merge',
      {
        schema: {
          tags,
          security,
          summary: 'Merge a guest’s local history (at most 50 entries) at sign-in; the later watch wins',
          body: mergeWatchRecordsBodySchema,
          response: { 200: mergeWatchRecordsResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { merged: await records.merge(await ctx.auth.requireViewer(request), request.body) },
      }),
    );

    app.get(
      '/client/watch-records',
      {
        schema: {
          tags,
          security,
          summary: 'The history page: dramas watched, most recent first, with episode and position',
          querystring: watchRecordListQuerySchema,
          response: { 200: watchRecordListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await records.list(await ctx.auth.requireViewer(request), request.query, requestLocale(request)),
      }),
    );

    app.get(
      '/client/watch-records/:dramaId',
      {
        schema: {
          tags,
          security,
          summary: 'Where to resume a drama (null when the member has no record of it)',
          params: dramaIdParamsSchema,
          response: { 200: resumePointResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await records.resumePoint(await ctx.auth.requireViewer(request), request.params.dramaId),
      }),
    );

    app.delete(
      '/client/watch-records/:dramaId',
      {
        schema: {
          tags,
          security,
          summary: 'Remove a drama from the history (idempotent)',
          params: dramaIdParamsSchema,
          response: { 200: watchRecordRemovedResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: { removed: await records.remove(await ctx.auth.requireViewer(request), request.params.dramaId) },
      }),
    );
  };
}
