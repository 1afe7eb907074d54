import path from 'node:path';
import { idSchema } from '@drama/contracts';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CatalogueService } from '../catalogue/service.js';
import { episodeVideoPath } from '../catalogue/media-urls.js';

const PUBLIC_FOLDERS = ['/covers/', '/brand/'];
const DAY = 86_400;

const episodeFileParams = z.object({
  id: idSchema,
  file: z.enum(['video.mp4', 'video.zh.vtt', 'video.zh-Hant.vtt', 'video.en.vtt']),
});
const signedQuery = z.object({ exp: z.string().max(20).optional(), sig: z.string().max(100).optional() });

/**
 * Media: covers and brand images straight from MEDIA_DIR, and episodes by per-episode
 * addresses mapped to their stored clip, so that a locked episode can be refused even where
 * clips are shared. @fastify/static answers Range requests (206), ETag and conditional GETs.
 */
export async function registerMedia(root: FastifyInstance, ctx: AppContext, catalogue: CatalogueService): Promise<void> {
  // Registered on the root instance, not inside a plugin, so that reply.sendFile is available
  // to the web app's fallback as well.
  const app = root.withTypeProvider<ZodTypeProvider>();
  const mediaRoot = path.resolve(ctx.config.MEDIA_DIR);
  await app.register(fastifyStatic, {
    root: ctx.config.MEDIA_DIR,
    prefix: '/media/',
    index: false,
    dotfiles: 'deny',
    // Clips are reachable only through /media/episodes/..., never by their stored name. The
    // check also sees reply.sendFile calls, which pass their own root (clips, the web app).
    allowedPath: (pathName, root) =>
      path.resolve(root) !== mediaRoot || PUBLIC_FOLDERS.some((folder) => pathName.startsWith(folder)),
    setHeaders: (res) => res.setHeader('Cache-Control', `public, max-age=${DAY}`),
  });

  app.get(
    '/media/episodes/:id/:file',
    { schema: { hide: true, params: episodeFileParams, querystring: signedQuery } },
    async (request, reply) => {
      const { id, file } = request.params;
      const episode = await catalogue.episode(id);
      const isVideo = file === 'video.mp4';
      if (isVideo && !episode.is_free) {
        const valid = ctx.mediaSigner.verify(episodeVideoPath(id), request.query.exp, request.query.sig);
        if (!valid) throw new AppError('FORBIDDEN', 'Media address is missing its signature or has expired');
      }
      const stored = isVideo ? `${episode.media_key}.mp4` : `${episode.media_key}${file.slice('video'.length)}`;
      const cacheControl = isVideo && !episode.is_free ? 'private, max-age=3600' : `public, max-age=${DAY}`;
      reply.header('Cache-Control', cacheControl);
      return reply.sendFile(stored, path.join(ctx.config.MEDIA_DIR, 'clips'), { cacheControl: false });
    },
  );
}

