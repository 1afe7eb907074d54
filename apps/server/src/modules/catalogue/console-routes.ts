import {
  categoryOrderSchema,
  consoleCategoryListResponseSchema,
  consoleCategoryResponseSchema,
  consoleDramaCreateSchema,
  consoleDramaListQuerySchema,
  consoleDramaListResponseSchema,
  consoleDramaResponseSchema,
  consoleDramaStatusSchema,
  consoleDramaUpdateSchema,
  consoleTagListResponseSchema,
  consoleTagResponseSchema,
  consoleTermCreateSchema,
  consoleTermUpdateSchema,
  COVER_UPLOAD_MAX_BYTES,
  COVER_UPLOAD_TYPES,
  coverCropSchema,
  deletedResponseSchema,
  featuredSlotsResponseSchema,
  featuredSlotsSchema,
  idParamsSchema,
} from '@drama/contracts';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { imageFilePart } from '../../platform/multipart-file.js';
import { routeGroup } from '../../platform/route.js';
import type { CatalogueConsoleService } from './console-service.js';

/** Room for the multipart framing and the crop fields around the file. */
const FRAMING_BYTES = 16 * 1024;
const CONTENT = 'content' as const;

/** The crop may come as form fields (before the file) or in the query string. */
const cropQuerySchema = coverCropSchema.partial();

function cropOf(fields: Record<string, unknown>, query: z.infer<typeof cropQuerySchema>) {
  const fromFields = Object.fromEntries(
    (['x', 'y', 'width', 'height'] as const).flatMap((name) => {
      const field = fields[name] as { type?: string; value?: unknown } | undefined;
      return field?.type === 'field' ? [[name, field.value]] : [];
    }),
  );
  const parsed = coverCropSchema.safeParse({ ...query, ...fromFields });
  if (!parsed.success) {
    throw new AppError('VALIDATION_FAILED', 'Send the crop rectangle (x, y, width, height in whole pixels of the image)', {
      issues: parsed.error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
    });
  }
  return parsed.data;
}

/** The console's catalogue calls; register under `/console`. Role content (the owner passes too). */
export function catalogueConsoleRoutes(ctx: AppContext, service: CatalogueConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    // Multipart is parsed in this scope only (the cover upload); every other route keeps JSON.
    await app.register(fastifyMultipart, {
      limits: { fileSize: COVER_UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 64, parts: 9, headerPairs: 50 },
    });
    const route = routeGroup(app, { tags: ['console: catalogue'], errors: [400, 401, 403, 404, 409], operators: ctx.operators });

    /* Dramas. */

    route({
      method: 'GET',
      url: '/dramas',
      access: 'console',
      role: CONTENT,
      summary: 'Dramas in every status, paged, sorted, searched (title in any language, or id) and filtered',
      querystring: consoleDramaListQuerySchema,
      response: consoleDramaListResponseSchema,
      handler: async (_actor, request) => service.list(request.query),
    });

    route({
      method: 'GET',
      url: '/dramas/:id',
      access: 'console',
      role: CONTENT,
      summary: 'A drama with its texts in every language',
      params: idParamsSchema,
      response: consoleDramaResponseSchema,
      handler: async (_actor, request) => service.get(request.params.id),
    });

    route({
      method: 'POST',
      url: '/dramas',
      access: 'console',
      role: CONTENT,
      audit: 'drama.create',
      summary: 'A new drama, as a draft without a cover',
      body: consoleDramaCreateSchema,
      response: consoleDramaResponseSchema,
      handler: async (actor, request) => service.create(actor, request.body),
    });

    route({
      method: 'PATCH',
      url: '/dramas/:id',
      access: 'console',
      role: CONTENT,
      audit: 'drama.update',
      summary: "Changes a drama's texts, category, tags or completed flag",
      params: idParamsSchema,
      body: consoleDramaUpdateSchema,
      response: consoleDramaResponseSchema,
      handler: async (actor, request) => service.update(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/dramas/:id/status',
      access: 'console',
      role: CONTENT,
      audit: 'drama.status',
      summary: 'Draft, publish, schedule (publishAt) or unlist a drama',
      params: idParamsSchema,
      body: consoleDramaStatusSchema,
      response: consoleDramaResponseSchema,
      handler: async (actor, request) => service.setStatus(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/dramas/:id/cover',
      access: 'console',
      role: CONTENT,
      audit: 'drama.cover',
      errors: [400, 401, 403, 404, 409, 422],
      summary: `A new cover: multipart image in "file" (${COVER_UPLOAD_TYPES.join(', ')}; at most ${COVER_UPLOAD_MAX_BYTES} bytes) and the crop x, y, width, height as fields before it or in the query; cut to 3:4`,
      params: idParamsSchema,
      querystring: cropQuerySchema,
      response: consoleDramaResponseSchema,
      handler: async (actor, request) => {
        const declared = Number(request.headers['content-length']);
        if (Number.isFinite(declared) && declared > COVER_UPLOAD_MAX_BYTES + FRAMING_BYTES) {
          throw new AppError('PAYLOAD_TOO_LARGE', `A cover image may be at most ${COVER_UPLOAD_MAX_BYTES} bytes`, { maxBytes: COVER_UPLOAD_MAX_BYTES });
        }
        const part = await imageFilePart(request, COVER_UPLOAD_TYPES);
        const crop = cropOf(part.fields, request.query);
        const image = await part.toBuffer();
        return service.setCover(actor, request.params.id, image, crop);
      },
    });

    /* Categories. */

    route({
      method: 'GET',
      url: '/categories',
      access: 'console',
      role: CONTENT,
      summary: 'Categories in their order, with how many dramas each has',
      response: consoleCategoryListResponseSchema,
      handler: async () => service.categories(),
    });

    route({
      method: 'POST',
      url: '/categories',
      access: 'console',
      role: CONTENT,
      audit: 'category.create',
      summary: 'A new category, last in the order',
      body: consoleTermCreateSchema,
      response: consoleCategoryResponseSchema,
      handler: async (actor, request) => service.createTerm(actor, 'categories', request.body),
    });

    route({
      method: 'PUT',
      url: '/categories/order',
      access: 'console',
      role: CONTENT,
      audit: 'category.order',
      summary: 'The order of the categories: every id once, first to last',
      body: categoryOrderSchema,
      response: consoleCategoryListResponseSchema,
      handler: async (actor, request) => service.orderCategories(actor, request.body),
    });

    route({
      method: 'PATCH',
      url: '/categories/:id',
      access: 'console',
      role: CONTENT,
      audit: 'category.update',
      summary: "Renames a category (all three languages) or changes its slug",
      params: idParamsSchema,
      body: consoleTermUpdateSchema,
      response: consoleCategoryResponseSchema,
      handler: async (actor, request) => service.updateTerm(actor, 'categories', request.params.id, request.body),
    });

    route({
      method: 'DELETE',
      url: '/categories/:id',
      access: 'console',
      role: CONTENT,
      audit: 'category.delete',
      summary: 'Deletes a category no drama uses (409 CATEGORY_IN_USE otherwise)',
      params: idParamsSchema,
      response: deletedResponseSchema,
      handler: async (actor, request) => service.deleteTerm(actor, 'categories', request.params.id),
    });

    /* Tags. */

    route({
      method: 'GET',
      url: '/tags',
      access: 'console',
      role: CONTENT,
      summary: 'Tags with how many dramas each has',
      response: consoleTagListResponseSchema,
      handler: async () => service.tags(),
    });

    route({
      method: 'POST',
      url: '/tags',
      access: 'console',
      role: CONTENT,
      audit: 'tag.create',
      summary: 'A new tag',
      body: consoleTermCreateSchema,
      response: consoleTagResponseSchema,
      handler: async (actor, request) => service.createTerm(actor, 'tags', request.body),
    });

    route({
      method: 'PATCH',
      url: '/tags/:id',
      access: 'console',
      role: CONTENT,
      audit: 'tag.update',
      summary: 'Renames a tag (all three languages) or changes its slug',
      params: idParamsSchema,
      body: consoleTermUpdateSchema,
      response: consoleTagResponseSchema,
      handler: async (actor, request) => service.updateTerm(actor, 'tags', request.params.id, request.body),
    });

    route({
      method: 'DELETE',
      url: '/tags/:id',
      access: 'console',
      role: CONTENT,
      audit: 'tag.delete',
      summary: 'Deletes a tag no drama uses (409 TAG_IN_USE otherwise)',
      params: idParamsSchema,
      response: deletedResponseSchema,
      handler: async (actor, request) => service.deleteTerm(actor, 'tags', request.params.id),
    });

    /* The home page's featured carousel. */

    route({
      method: 'GET',
      url: '/home-slots/featured',
      access: 'console',
      role: CONTENT,
      summary: "The home page's featured carousel (its banners), first to last",
      response: featuredSlotsResponseSchema,
      handler: async () => service.featured(),
    });

    route({
      method: 'PUT',
      url: '/home-slots/featured',
      access: 'console',
      role: CONTENT,
      audit: 'home.featured',
      summary: "Sets the home page's featured carousel: these dramas, in this order",
      body: featuredSlotsSchema,
      response: featuredSlotsResponseSchema,
      handler: async (actor, request) => service.setFeatured(actor, request.body.dramaIds),
    });
  };
}
