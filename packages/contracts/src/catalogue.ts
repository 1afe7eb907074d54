import { z } from 'zod';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';
import { DRAMA_SORTS, SUBTITLE } from './constants.js';

export const categorySchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  dramaCount: z.int(),
});
export type Category = z.infer<typeof categorySchema>;

export const tagSchema = z.object({
  id: z.int(),
  slug: z.string(),
  name: z.string(),
  dramaCount: z.int(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagRefSchema = tagSchema.pick({ id: true, slug: true, name: true });
export const categoryRefSchema = categorySchema.pick({ id: true, slug: true, name: true });

export const subtitleLanguageSchema = z.enum(SUBTITLE.languages);

export const episodeSchema = z.object({
  id: z.int(),
  dramaId: z.int(),
  sequence: z.int().min(1),
  isFree: z.boolean(),
  durationSeconds: z.int(),
  /** Public address of a free episode; null for a locked one (ask `/episodes/{id}/play`). */
  playUrl: z.string().nullable(),
  /**
   * The languages this episode has subtitles in (uploaded or beside the clip), in SUBTITLE.languages
   * order; the player asks for no other.
   */
  subtitleLanguages: z.array(subtitleLanguageSchema),
});
export type Episode = z.infer<typeof episodeSchema>;

export const dramaSummarySchema = z.object({
  id: z.int(),
  title: z.string(),
  description: z.string(),
  coverUrl: z.string(),
  category: categoryRefSchema.nullable(),
  tags: z.array(tagRefSchema),
  episodeCount: z.int(),
  freeEpisodeCount: z.int(),
  viewCount: z.int(),
  likeCount: z.int(),
  favoriteCount: z.int(),
  isCompleted: z.boolean(),
  publishedAt: z.iso.datetime(),
});
export type DramaSummary = z.infer<typeof dramaSummarySchema>;

export const dramaDetailSchema = dramaSummarySchema.extend({
  episodes: z.array(episodeSchema),
});
export type DramaDetail = z.infer<typeof dramaDetailSchema>;

export const dramaSortSchema = z.enum(DRAMA_SORTS);
export type DramaSort = z.infer<typeof dramaSortSchema>;

export const dramaListQuerySchema = pageQuerySchema.extend({
  category: z.string().trim().min(1).max(64).optional(),
  tag: z.string().trim().min(1).max(64).optional(),
  keyword: z.string().trim().min(1).max(100).optional(),
  sort: dramaSortSchema.default('hot'),
});
export type DramaListQuery = z.infer<typeof dramaListQuerySchema>;

export const tagParamsSchema = z.object({ tag: z.string().trim().min(1).max(64) });
export const tagDramasQuerySchema = pageQuerySchema.extend({ sort: dramaSortSchema.default('hot') });

export const playInfoSchema = z.object({
  episodeId: idSchema,
  dramaId: z.int(),
  sequence: z.int(),
  playUrl: z.string(),
  /** The episode's subtitle tracks beside the video (`<name>.<lang>.vtt`): only languages it has. */
  subtitles: z.array(z.object({ language: subtitleLanguageSchema, url: z.string() })),
  /** When a signed address stops working; null for a public one. */
  expiresAt: z.iso.datetime().nullable(),
  /** `hls`: playUrl is a master playlist (application/vnd.apple.mpegurl); `mp4`: a progressive MP4. */
  format: z.enum(['hls', 'mp4']),
});
export type PlayInfo = z.infer<typeof playInfoSchema>;

export const dramaListResponseSchema = ok(paged(dramaSummarySchema));
export const dramaFeaturedResponseSchema = ok(z.object({ items: z.array(dramaSummarySchema) }));
export const dramaDetailResponseSchema = ok(dramaDetailSchema);
export const episodeListResponseSchema = ok(z.object({ items: z.array(episodeSchema) }));
export const playInfoResponseSchema = ok(playInfoSchema);
/**
 * The player showed a locked episode's gate (it never asks for the address of an episode it knows
 * the viewer may not play): a paywall hit for the console's funnel. `recorded` is false when the
 * episode is free, the viewer may watch it, or the same viewer's hit on it was counted lately.
 */
export const paywallSeenResponseSchema = ok(z.object({ recorded: z.boolean() }));
export const categoryListResponseSchema = ok(z.object({ items: z.array(categorySchema) }));
export const tagListResponseSchema = ok(z.object({ items: z.array(tagSchema) }));
export const tagDramasResponseSchema = ok(paged(dramaSummarySchema).extend({ tag: tagRefSchema.nullable() }));
