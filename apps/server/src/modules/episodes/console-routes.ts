import {
  consoleEpisodeListResponseSchema,
  consoleEpisodeResponseSchema,
  episodeOrderBodySchema,
  episodeReplaceBodySchema,
  episodeStatusBodySchema,
  episodeUploadsBodySchema,
  freeEpisodesBodySchema,
  idParamsSchema,
  mediaJobListQuerySchema,
  mediaJobListResponseSchema,
  mediaJobResponseSchema,
  subtitleBodySchema,
  subtitleParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import { sendStored } from '../media/stored-files.js';
import type { EpisodeConsoleService } from './service.js';
import { registerEpisodeUploads } from './uploads.js';

const CONTENT = 'content' as const;

/** The console's episodes, uploads, subtitles and processing jobs; register under `/console`. Role content (the owner passes too). */
export function episodeConsoleRoutes(ctx: AppContext, service: EpisodeConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(async (uploads) => registerEpisodeUploads(uploads, ctx));
    const route = routeGroup(app, { tags: ['console: episodes'], errors: [400, 401, 403, 404, 409], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/dramas/:id/episodes',
      access: 'console',
      role: CONTENT,
      summary: "A drama's episodes in every state, with each one's latest processing job",
      params: idParamsSchema,
      response: consoleEpisodeListResponseSchema,
      handler: async (_actor, request) => service.list(request.params.id),
    });

    route({
      method: 'POST',
      url: '/dramas/:id/episodes',
      access: 'console',
      role: CONTENT,
      audit: 'episode.upload',
      summary: 'Makes an episode of each finished upload, after the last one, in the order given, and queues their processing',
      params: idParamsSchema,
      body: episodeUploadsBodySchema,
      response: consoleEpisodeListResponseSchema,
      handler: async (actor, request) => service.createFromUploads(actor, request.params.id, request.body),
    });

    route({
      method: 'PUT',
      url: '/dramas/:id/episodes/order',
      access: 'console',
      role: CONTENT,
      audit: 'episode.reorder',
      summary: "Puts the drama's episodes in a new order (every episode once); the first N stay the free ones",
      params: idParamsSchema,
      body: episodeOrderBodySchema,
      response: consoleEpisodeListResponseSchema,
      handler: async (actor, request) => service.reorder(actor, request.params.id, request.body.episodeIds),
    });

    route({
      method: 'PUT',
      url: '/dramas/:id/free-episodes',
      access: 'console',
      role: CONTENT,
      audit: 'episode.free-count',
      summary: 'Makes the first N episodes free and the rest locked',
      params: idParamsSchema,
      body: freeEpisodesBodySchema,
      response: consoleEpisodeListResponseSchema,
      handler: async (actor, request) => service.setFreeCount(actor, request.params.id, request.body.count),
    });

    route({
      method: 'GET',
      url: '/episodes/:id',
      access: 'console',
      role: CONTENT,
      summary: 'One episode with its latest processing job',
      params: idParamsSchema,
      response: consoleEpisodeResponseSchema,
      handler: async (_actor, request) => service.get(request.params.id),
    });

    route({
      method: 'DELETE',
      url: '/episodes/:id',
      access: 'console',
      role: CONTENT,
      audit: 'episode.delete',
      summary: 'Deletes an episode viewers cannot see (draft, unpublished, processing or failed); the ones after it move up',
      params: idParamsSchema,
      response: consoleEpisodeListResponseSchema,
      handler: async (actor, request) => service.deleteEpisode(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/episodes/:id/file',
      access: 'console',
      role: CONTENT,
      audit: 'episode.replace-file',
      summary: "Replaces an episode's file with a finished upload; it keeps playing the old one until the new one is ready",
      params: idParamsSchema,
      body: episodeReplaceBodySchema,
      response: consoleEpisodeResponseSchema,
      handler: async (actor, request) => service.replaceFile(actor, request.params.id, request.body.uploadId),
    });

    route({
      method: 'PUT',
      url: '/episodes/:id/status',
      access: 'console',
      role: CONTENT,
      audit: 'episode.status',
      summary: 'Publishes or unpublishes an episode (viewers see it once published and its media is ready)',
      params: idParamsSchema,
      body: episodeStatusBodySchema,
      response: consoleEpisodeResponseSchema,
      handler: async (actor, request) => service.setStatus(actor, request.params.id, request.body.status),
    });

    route({
      method: 'PUT',
      url: '/episodes/:id/subtitles/:language',
      access: 'console',
      role: CONTENT,
      audit: 'episode.subtitle.upload',
      summary: "Sets an episode's subtitles in one language (zh, zh-Hant, en): WebVTT, or SRT turned into WebVTT",
      params: subtitleParamsSchema,
      body: subtitleBodySchema,
      bodyLimit: 1_200_000,
      response: consoleEpisodeResponseSchema,
      handler: async (actor, request) => service.putSubtitle(actor, request.params.id, request.params.language, request.body.content),
    });

    route({
      method: 'DELETE',
      url: '/episodes/:id/subtitles/:language',
      access: 'console',
      role: CONTENT,
      audit: 'episode.subtitle.delete',
      summary: "Removes an episode's uploaded subtitles in one language",
      params: subtitleParamsSchema,
      response: consoleEpisodeResponseSchema,
      handler: async (actor, request) => service.deleteSubtitle(actor, request.params.id, request.params.language),
    });

    route({
      method: 'GET',
      url: '/media-jobs',
      access: 'console',
      role: CONTENT,
      summary: 'Processing jobs, newest first, with state, progress and failure reason; filtered by state, drama or episode',
      querystring: mediaJobListQuerySchema,
      response: mediaJobListResponseSchema,
      handler: async (_actor, request) => service.jobs(request.query),
    });

    route({
      method: 'GET',
      url: '/media-jobs/:id',
      access: 'console',
      role: CONTENT,
      summary: 'One processing job',
      params: idParamsSchema,
      response: mediaJobResponseSchema,
      handler: async (_actor, request) => service.job(request.params.id),
    });

    route({
      method: 'POST',
      url: '/media-jobs/:id/retry',
      access: 'console',
      role: CONTENT,
      audit: 'media-job.retry',
      summary: 'Runs a failed processing job again from the start',
      params: idParamsSchema,
      response: mediaJobResponseSchema,
      handler: async (actor, request) => service.retry(actor, request.params.id),
    });

    // The preview is a video with byte ranges, not the envelope.
    route.raw({
      method: 'GET',
      url: '/episodes/:id/video.mp4',
      access: 'console',
      role: CONTENT,
      hide: true,
      params: idParamsSchema,
      handler: async (_actor, request, reply) => sendStored(request, reply, ctx.storage, await service.previewKey(request.params.id), 'private, max-age=300'),
    });

    // The poster is an image, not the envelope.
    route.raw({
      method: 'GET',
      url: '/episodes/:id/poster',
      access: 'console',
      role: CONTENT,
      hide: true,
      params: idParamsSchema,
      handler: async (_actor, request, reply) => {
        const poster = await service.poster(request.params.id);
        return reply.type('image/jpeg').header('Content-Length', poster.size).header('Cache-Control', 'private, max-age=300').send(poster.stream);
      },
    });
  };
}
