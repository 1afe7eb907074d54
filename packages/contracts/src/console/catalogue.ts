import { z } from 'zod';
import { contentSlugSchema } from '../admin-content.js';
import { ok, paged } from '../envelope.js';
import { idSchema } from '../params.js';

/*
 * The console's catalogue calls (`/api/v1/console/...`, role content; the owner passes too):
 * dramas, their cover, categories, tags and the home page's featured slots.
 */

/**
 * - draft: seen by nobody but operators.
 * - published: listed, searchable, on explore and home (when featured), opens by link.
 * - scheduled: becomes published by itself at `publishedAt`; until then like a draft.
 * - unlisted: not in lists, search, explore or home, but its page and player open by link.
 */
export const DRAMA_STATUSES = ['draft', 'published', 'scheduled', 'unlisted'] as const;
export const dramaStatusSchema = z.enum(DRAMA_STATUSES);
export type DramaStatus = z.infer<typeof dramaStatusSchema>;

/** How many dramas the home page's featured carousel (its banners) shows. */
export const FEATURED_SLOT_LIMIT = 10;
/** The smallest source a cover may be cropped from, and the size a crop must keep (3:4). */
export const COVER_MIN_WIDTH = 300;
export const COVER_MIN_HEIGHT = 400;
/** A stored cover is at most this wide (a 3:4 JPEG), however large the upload. */
export const COVER_MAX_WIDTH = 1200;
export const COVER_UPLOAD_MAX_BYTES = 10 * 1024 * 1024;
export const COVER_UPLOAD_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

function localizedText(max: number) {
  const text = z.string().trim().min(1).max(max);
  return z.object({ 'zh-CN': text, 'zh-Hant': text, 'en-US': text });
}
/** Every drama text in the three languages the apps speak; none may be left empty. */
export const dramaTitleSchema = localizedText(120);
export const dramaDescriptionSchema = localizedText(2_000);
export const termNameSchema = localizedText(40);

/** Texts as stored, one per locale. */
const storedTextSchema = z.object({ 'zh-CN': z.string(), 'zh-Hant': z.string(), 'en-US': z.string() });

export const consoleTermRefSchema = z.object({ id: z.int(), slug: z.string(), name: storedTextSchema });
export type ConsoleTermRef = z.infer<typeof consoleTermRefSchema>;

/** A drama as the console lists and edits it: every language, every status. */
export const consoleDramaSchema = z.object({
  id: z.int(),
  slug: z.string(),
  title: storedTextSchema,
  description: storedTextSchema,
  /** The cover's public address; null until one is uploaded. */
  coverUrl: z.string().nullable(),
  category: consoleTermRefSchema.nullable(),
  tags: z.array(consoleTermRefSchema),
  isCompleted: z.boolean(),
  status: dramaStatusSchema,
  /** When viewers saw it first (published, unlisted) or will (scheduled); null for a draft. */
  publishedAt: z.iso.datetime().nullable(),
  /** Place in the home page's featured carousel (lower first); null when not featured. */
  featuredRank: z.int().nullable(),
  episodeCount: z.int(),
  freeEpisodeCount: z.int(),
  viewCount: z.int(),
  likeCount: z.int(),
  favoriteCount: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsoleDrama = z.infer<typeof consoleDramaSchema>;

export const CONSOLE_DRAMA_SORTS = ['updatedAt', 'createdAt', 'publishedAt', 'id', 'title', 'views', 'episodes'] as const;
export const consoleDramaSortSchema = z.enum(CONSOLE_DRAMA_SORTS);

/** `GET /console/dramas`: every filter is a query parameter, so a view can live in the URL. */
export const consoleDramaListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  sort: consoleDramaSortSchema.default('updatedAt'),
  order: z.enum(['asc', 'desc']).default('desc'),
  /** A title in any language (contains, any case) or a drama id. */
  q: z.string().trim().min(1).max(100).optional(),
  category: idSchema.optional(),
  tag: idSchema.optional(),
  status: dramaStatusSchema.optional(),
});
export type ConsoleDramaListQuery = z.infer<typeof consoleDramaListQuerySchema>;
export const consoleDramaListResponseSchema = ok(paged(consoleDramaSchema));
export const consoleDramaResponseSchema = ok(consoleDramaSchema);

const tagIdsSchema = z
  .array(idSchema)
  .max(10)
  .refine((ids) => new Set(ids).size === ids.length, 'tags must not repeat');

/** `POST /console/dramas`: a new drama starts as a draft without a cover. */
export const consoleDramaCreateSchema = z.object({
  /** Default: made from the English title. */
  slug: contentSlugSchema.optional(),
  title: dramaTitleSchema,
  description: dramaDescriptionSchema,
  categoryId: idSchema.nullable().default(null),
  tagIds: tagIdsSchema.default([]),
  isCompleted: z.boolean().default(false),
});
export type ConsoleDramaCreate = z.infer<typeof consoleDramaCreateSchema>;

/** `PATCH /console/dramas/{id}`: only the fields sent change; texts change in all languages at once. */
export const consoleDramaUpdateSchema = z
  .object({
    slug: contentSlugSchema,
    title: dramaTitleSchema,
    description: dramaDescriptionSchema,
    categoryId: idSchema.nullable(),
    tagIds: tagIdsSchema,
    isCompleted: z.boolean(),
  })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');
export type ConsoleDramaUpdate = z.infer<typeof consoleDramaUpdateSchema>;

/**
 * `POST /console/dramas/{id}/status`. `scheduled` needs `publishAt` in the future; publishing
 * or unlisting needs a cover. Publishing keeps the first publication time of a drama that was
 * already out (unlisted to published), and takes now otherwise.
 */
export const consoleDramaStatusSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('draft') }),
  z.object({ status: z.literal('published') }),
  z.object({ status: z.literal('unlisted') }),
  z.object({ status: z.literal('scheduled'), publishAt: z.iso.datetime({ offset: true }) }),
]);
export type ConsoleDramaStatusChange = z.infer<typeof consoleDramaStatusSchema>;

/**
 * `POST /console/dramas/{id}/cover`: multipart/form-data with the image in `file` (JPEG, PNG or
 * WebP) and the crop rectangle, in the source image's pixels, in the fields x, y, width, height.
 * The server cuts exactly 3:4 around the rectangle's centre (a rectangle a pixel or two off
 * 3:4, as croppers round, is fine), strips metadata and stores a new JPEG.
 */
export const coverCropSchema = z.object({
  x: z.coerce.number().int().min(0),
  y: z.coerce.number().int().min(0),
  width: z.coerce.number().int().min(1),
  height: z.coerce.number().int().min(1),
});
export type CoverCrop = z.infer<typeof coverCropSchema>;

/* Categories and tags. */

export const consoleCategorySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: storedTextSchema,
  /** 0 first. */
  position: z.int().min(0),
  /** Dramas in it, whatever their status: a category with any cannot be deleted. */
  dramaCount: z.int(),
});
export type ConsoleCategory = z.infer<typeof consoleCategorySchema>;

export const consoleTagSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: storedTextSchema,
  dramaCount: z.int(),
});
export type ConsoleTag = z.infer<typeof consoleTagSchema>;

export const consoleTermCreateSchema = z.object({ slug: contentSlugSchema, name: termNameSchema });
export type ConsoleTermCreate = z.infer<typeof consoleTermCreateSchema>;
export const consoleTermUpdateSchema = z
  .object({ slug: contentSlugSchema, name: termNameSchema })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');
export type ConsoleTermUpdate = z.infer<typeof consoleTermUpdateSchema>;

const uniqueIdsSchema = z.array(idSchema).refine((ids) => new Set(ids).size === ids.length, 'ids must not repeat');

/** `PUT /console/categories/order`: every category's id, in the new order. */
export const categoryOrderSchema = z.object({ ids: uniqueIdsSchema.max(1_000) });
export type CategoryOrder = z.infer<typeof categoryOrderSchema>;

export const consoleCategoryListResponseSchema = ok(z.object({ items: z.array(consoleCategorySchema) }));
export const consoleCategoryResponseSchema = ok(consoleCategorySchema);
export const consoleTagListResponseSchema = ok(z.object({ items: z.array(consoleTagSchema) }));
export const consoleTagResponseSchema = ok(consoleTagSchema);
export const deletedResponseSchema = ok(z.object({ id: z.int(), deleted: z.literal(true) }));

/* The home page's featured carousel: the banners at its top, in order. */

/**
 * `PUT /console/home-slots/featured`: the dramas of the carousel, first to last. Any status may be
 * placed; viewers see the published ones, in this order.
 */
export const featuredSlotsSchema = z.object({ dramaIds: uniqueIdsSchema.max(FEATURED_SLOT_LIMIT) });
export type FeaturedSlots = z.infer<typeof featuredSlotsSchema>;
export const featuredSlotsResponseSchema = ok(
  z.object({ dramaIds: z.array(z.int()), items: z.array(consoleDramaSchema), limit: z.int() }),
);

/** The catalogue calls' paths, below `/api/v1/console`. */
export const consoleCataloguePaths = {
  dramas: () => '/dramas',
  drama: (id: number) => `/dramas/${id}`,
  dramaStatus: (id: number) => `/dramas/${id}/status`,
  dramaCover: (id: number) => `/dramas/${id}/cover`,
  categories: () => '/categories',
  category: (id: number) => `/categories/${id}`,
  categoryOrder: () => '/categories/order',
  tags: () => '/tags',
  tag: (id: number) => `/tags/${id}`,
  featured: () => '/home-slots/featured',
} as const;
