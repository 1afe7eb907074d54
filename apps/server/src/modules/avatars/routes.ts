import { AVATAR_LIMITS, userProfileResponseSchema } from '@drama/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { sendImmutableImage } from '../../platform/immutable-image.js';
import { imageFilePart } from '../../platform/multipart-file.js';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import { tooManyBytes } from '../uploads/incoming-image.js';
import { AVATAR_FILE_PATTERN } from './avatar-files.js';
import { AVATAR_IMAGE, type AvatarService } from './service.js';

const HOUR_MS = 3_600_000;
/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 16 * 1024;

/** `POST /client/user/avatar`: the signed-in member's new avatar; it replaces the old one. */
export function avatarRoutes(
  ctx: AppContext,
  avatars: AvatarService,
  limiter: RateLimiter = ctx.rateLimits.create('avatar-upload', AVATAR_LIMITS.perHour, HOUR_MS),
): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart is parsed in this scope only; every other route keeps JSON.
    await app.register(fastifyMultipart, {
      limits: { fileSize: AVATAR_LIMITS.maxBytes, files: 1, fields: 5, fieldSize: 1024, parts: 6, headerPairs: 50 },
    });

    const route = routeGroup(app, { tags: ['user'], errors: [400, 401, 413, 415, 429], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/user/avatar',
      access: 'member',
      summary: `Upload the avatar (multipart, field "file"; a JPEG, PNG, WebP or GIF that decodes, at most ${AVATAR_LIMITS.maxBytes} bytes and ${AVATAR_LIMITS.maxSide} pixels a side); stored as a ${AVATAR_LIMITS.size}x${AVATAR_LIMITS.size} WebP; ${AVATAR_LIMITS.perHour} an hour`,
      consumes: ['multipart/form-data'],
      response: userProfileResponseSchema,
      handler: async (viewer, request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > AVATAR_LIMITS.maxBytes + FRAMING_BYTES) {
          throw tooManyBytes(AVATAR_IMAGE.noun, AVATAR_LIMITS.maxBytes);
        }
        // Counted before the image is decoded: decoding is the costly part.
        await enforceRateLimit(limiter, `avatar:${viewer.id}`, reply);
        const part = await imageFilePart(request, AVATAR_LIMITS.types);
        return avatars.upload(viewer, part.file);
      },
    });
  };
}

const fileParams = z.object({ name: z.string().regex(AVATAR_FILE_PATTERN, 'unknown avatar') });

/**
 * Serves avatars at `/media/avatars/<sha-256>.webp`. The name is the content's hash, so a file
 * never changes under it and may be cached for good; every file there was re-encoded by the
 * server, and is sent with a type no browser may second-guess and a sandbox in case it is opened
 * on its own.
 */
export async function registerAvatarFiles(root: FastifyInstance, avatars: AvatarService): Promise<void> {
  const route = routeGroup(root.withTypeProvider<ZodTypeProvider>(), { tags: ['media'], errors: [404] });
  route.raw({
    method: 'GET',
    url: '/media/avatars/:name',
    access: 'public',
    hide: true,
    params: fileParams,
    handler: async (request, reply) => {
      const { name } = request.params;
      return sendImmutableImage(request, reply, {
        file: avatars.files.path(name),
        contentType: 'image/webp',
        etag: `"${name.slice(0, 64)}"`,
        cacheControl: 'public, max-age=31536000, immutable',
        missing: 'No such avatar',
      });
    },
  });
}
