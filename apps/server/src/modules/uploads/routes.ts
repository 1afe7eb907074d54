import path from 'node:path';
import { FEEDBACK_LIMITS, uploadResponseSchema } from '@drama/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { sendImmutableImage } from '../../platform/immutable-image.js';
import { imageFilePart } from '../../platform/multipart-file.js';
import { enforceRateLimit } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import { IMAGE_EXTENSION_TYPES } from './image-sniff.js';
import { tooManyBytes } from './incoming-image.js';
import { SCREENSHOT_IMAGE, type UploadService } from './service.js';

/** Room for the multipart framing around the file. */
const FRAMING_BYTES = 16 * 1024;
const HOUR_MS = 3_600_000;
/**
 * Tries an hour, stored or refused, as a multiple of UPLOADS_PER_HOUR (which counts stored
 * images): room for a few files that do not decode, but no stream of them, as each is decoded.
 */
const TRIES_PER_STORED = 2;

/** `POST /client/uploads`: a member's image, for feedback screenshots. */
export function uploadRoutes(ctx: AppContext, uploads: UploadService): FastifyPluginAsyncZod {
  const tries = ctx.rateLimits.create('screenshot-upload', ctx.config.UPLOADS_PER_HOUR * TRIES_PER_STORED, HOUR_MS);
  return async (app) => {
    // Multipart is parsed in this scope only; every other route keeps JSON.
    await app.register(fastifyMultipart, {
      limits: {
        fileSize: FEEDBACK_LIMITS.uploadMaxBytes,
        files: 1,
        fields: 10,
        fieldSize: 1024,
        parts: 12,
        headerPairs: 50,
      },
    });

    const route = routeGroup(app, { tags: ['feedback'], errors: [400, 401, 413, 415, 429], auth: ctx.auth });

    route({
      method: 'POST',
      url: '/client/uploads',
      access: 'member',
      summary: `Upload an image (multipart, field "file"; a JPEG, PNG, WebP or GIF by content that decodes, at most ${FEEDBACK_LIMITS.uploadMaxBytes} bytes and ${SCREENSHOT_IMAGE.maxSide} pixels a side); stored drawn again without metadata: a JPEG as JPEG, a WebP as WebP, a PNG or GIF as PNG`,
      consumes: ['multipart/form-data'],
      response: uploadResponseSchema,
      handler: async (viewer, request, reply) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > FEEDBACK_LIMITS.uploadMaxBytes + FRAMING_BYTES) {
          throw tooManyBytes(SCREENSHOT_IMAGE.noun, FEEDBACK_LIMITS.uploadMaxBytes);
        }
        await uploads.assertWithinLimit(viewer);
        // Counted before the image is decoded, refused ones too: decoding is the costly part.
        await enforceRateLimit(tries, `screenshot:${viewer.id}`, reply);
        const part = await imageFilePart(request);
        return uploads.store(viewer, part.file);
      },
    });
  };
}

const fileParams = z.object({
  name: z.string().regex(/^[0-9a-f]{32}\.(jpg|png|webp|gif)$/, 'unknown upload'),
});

/**
 * Serves uploads at `/media/uploads/<name>`. The random 128-bit name is the key: an `<img>`
 * cannot send a bearer token, and the operator reads the same addresses. What goes out is
 * locked down so that an image can never act as a page: every file there was drawn again by
 * the server, its type is the one the server wrote, `nosniff` stops browsers guessing another,
 * and a CSP sandbox disarms it even when opened on its own.
 */
export async function registerUploadFiles(root: FastifyInstance, ctx: AppContext): Promise<void> {
  const route = routeGroup(root.withTypeProvider<ZodTypeProvider>(), { tags: ['media'], errors: [404] });
  route.raw({
    method: 'GET',
    url: '/media/uploads/:name',
    access: 'public',
    hide: true,
    params: fileParams,
    handler: async (request, reply) => {
      const { name } = request.params;
      const extension = name.slice(name.indexOf('.') + 1) as keyof typeof IMAGE_EXTENSION_TYPES;
      return sendImmutableImage(request, reply, {
        file: path.join(ctx.config.UPLOAD_DIR, name),
        contentType: IMAGE_EXTENSION_TYPES[extension],
        etag: `"${name}"`,
        // Never rewritten under the same name.
        cacheControl: 'private, max-age=31536000, immutable',
        contentDisposition: `inline; filename="${name}"`,
        missing: 'No such upload',
      });
    },
  });
}
