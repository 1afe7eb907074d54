import { z } from 'zod';
import { dramaSummarySchema } from './catalogue.js';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';

/* Likes (spec section 7). A like belongs to an episode; the spec's `dramaId` field holds the episode id. */

export const likeStatusSchema = z.object({
  /** The episode id, named as in the spec's like status. */
  dramaId: z.int(),
  isLiked: z.boolean(),
  likeCount: z.int().min(0),
});
export type LikeStatus = z.infer<typeof likeStatusSchema>;
export const likeStatusResponseSchema = ok(likeStatusSchema);

/** `POST /client/episodes/{id}/like`: members may pass their own id as `userId`; it must match the token. */
export const likeQuerySchema = z.object({ userId: idSchema.optional() });

export const likeRecordSchema = z.object({
  id: z.int(),
  userId: z.int(),
  /** The liked episode's id (spec section 3: "dramaId (in fact an episode id)"). */
  dramaId: z.int(),
  episode: z.object({ id: z.int(), sequence: z.int(), dramaId: z.int(), dramaTitle: z.string(), coverUrl: z.string() }),
  createdAt: z.iso.datetime(),
});
export type LikeRecord = z.infer<typeof likeRecordSchema>;
export const likeListResponseSchema = ok(paged(likeRecordSchema));

/* Favourites */

export const favoriteStatusSchema = z.object({ isFavorited: z.boolean(), favoriteCount: z.int().min(0) });
export type FavoriteStatus = z.infer<typeof favoriteStatusSchema>;
export const favoriteStatusResponseSchema = ok(favoriteStatusSchema);

/** Favourite and history items show the drama, the episode sequence and the total episodes. */
export const favoriteItemSchema = z.object({
  drama: dramaSummarySchema,
  /** The episode the member last watched in this drama, if any. */
  episodeSequence: z.int().nullable(),
  totalEpisodes: z.int(),
  createdAt: z.iso.datetime(),
});
export type FavoriteItem = z.infer<typeof favoriteItemSchema>;
export const favoriteListResponseSchema = ok(paged(favoriteItemSchema));

/* Watch records */

export const watchQuerySchema = z.object({ episodeId: idSchema.optional() });
export const watchRecordParamsSchema = z.object({ dramaId: idSchema, episodeId: idSchema });
export const dramaIdParamsSchema = z.object({ dramaId: idSchema });
export const progressQuerySchema = z.object({
  episodeId: idSchema,
  /** Whole seconds into the episode. */
  progress: z.coerce.number().int().min(0).max(24 * 3600),
});

export const resumePointSchema = z.object({
  dramaId: z.int(),
  episodeId: z.int(),
  episodeSequence: z.int(),
  progressSeconds: z.int().min(0),
  durationSeconds: z.int().min(0),
  updatedAt: z.iso.datetime(),
});
export type ResumePoint = z.infer<typeof resumePointSchema>;
export const resumePointResponseSchema = ok(resumePointSchema.nullable());

export const watchRecordItemSchema = resumePointSchema.extend({
  drama: dramaSummarySchema,
  totalEpisodes: z.int(),
});
export type WatchRecordItem = z.infer<typeof watchRecordItemSchema>;
export const watchRecordListResponseSchema = ok(paged(watchRecordItemSchema));
export const watchRecordListQuerySchema = pageQuerySchema;

/** A guest's local history, merged at sign-in (at most 50 entries, the later position wins). */
export const localWatchEntrySchema = z.object({
  dramaId: idSchema,
  episodeId: idSchema,
  progress: z.number().int().min(0).max(24 * 3600).default(0),
  /** Epoch milliseconds of the last watch. */
  timestamp: z.number().int().min(0),
});
export const mergeWatchRecordsBodySchema = z.object({ records: z.array(localWatchEntrySchema).max(50) });
export type MergeWatchRecordsBody = z.infer<typeof mergeWatchRecordsBodySchema>;
export const mergeWatchRecordsResponseSchema = ok(z.object({ merged: z.int().min(0) }));

export const recordedResponseSchema = ok(z.object({ recorded: z.literal(true) }));

/** `DELETE /client/watch-records/{dramaId}`: idempotent; `removed` says whether there was a record. */
export const watchRecordRemovedResponseSchema = ok(z.object({ removed: z.boolean() }));
