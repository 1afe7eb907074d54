import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { idSchema, pageQuerySchema } from '../params.js';

/**
 * The console's episodes and media: resumable uploads (tus protocol at CONSOLE_UPLOADS_PATH),
 * episodes made from them, their processing jobs, publishing and subtitles.
 *
 * An episode reaches viewers only when `status` is published and `mediaStatus` is ready
 * (`visible`): a new upload stays out of sight while it is processed, and a replaced file keeps
 * the episode on its previous media until the new one is ready.
 */

/** Where the tus client creates uploads (POST) and sends their bytes (PATCH to the Location it gets). */
export const CONSOLE_UPLOADS_PATH = '/api/v1/console/uploads';
/** Bytes per PATCH the console sends; any size works, this keeps a retry after a drop short. */
export const UPLOAD_CHUNK_BYTES = 8 * 1024 * 1024;
/** What an upload's `filetype` metadata may say (or, without it, what its file name may end in). */
export const VIDEO_UPLOAD_TYPES = ['video/mp4', 'video/quicktime', 'video/webm', 'video/x-matroska', 'video/x-m4v', 'video/mpeg', 'video/mp2t'] as const;
export const VIDEO_UPLOAD_EXTENSIONS = ['mp4', 'mov', 'm4v', 'webm', 'mkv', 'mpg', 'mpeg', 'ts'] as const;

export const EPISODE_STATUSES = ['draft', 'published', 'unpublished'] as const;
export const episodeStatusSchema = z.enum(EPISODE_STATUSES);
export type EpisodeStatus = z.infer<typeof episodeStatusSchema>;

/** pending: no playable media yet (processing); ready: playable; failed: its first processing failed. */
export const EPISODE_MEDIA_STATUSES = ['pending', 'ready', 'failed'] as const;
export const episodeMediaStatusSchema = z.enum(EPISODE_MEDIA_STATUSES);

export const MEDIA_JOB_STATES = ['queued', 'running', 'succeeded', 'failed'] as const;
export const mediaJobStateSchema = z.enum(MEDIA_JOB_STATES);
export type MediaJobState = z.infer<typeof mediaJobStateSchema>;

export const CONSOLE_SUBTITLE_LANGUAGES = ['zh', 'zh-Hant', 'en'] as const;
export const consoleSubtitleLanguageSchema = z.enum(CONSOLE_SUBTITLE_LANGUAGES);
export type ConsoleSubtitleLanguage = z.infer<typeof consoleSubtitleLanguageSchema>;

/** An upload's id: the last part of the Location the upload protocol answered with. */
export const uploadIdSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{8,64}$/, 'must be the id of an upload');

/** The processing of one uploaded file for one episode. */
export const mediaJobSchema = z.object({
  id: z.int(),
  episodeId: z.int(),
  dramaId: z.int(),
  sequence: z.int(),
  uploadId: z.string(),
  fileName: z.string().nullable(),
  state: mediaJobStateSchema,
  /** 0 to 100. */
  progress: z.int().min(0).max(100),
  /** Tries so far (a failed try is retried by itself up to 3 tries; then `retry` starts again). */
  attempts: z.int(),
  /** Why it failed, in English (for example: the file is not a video). */
  failureReason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  finishedAt: z.string().nullable(),
});
export type MediaJob = z.infer<typeof mediaJobSchema>;

export const consoleEpisodeSchema = z.object({
  id: z.int(),
  dramaId: z.int(),
  sequence: z.int(),
  isFree: z.boolean(),
  status: episodeStatusSchema,
  mediaStatus: episodeMediaStatusSchema,
  /** Published and ready: what viewers see. */
  visible: z.boolean(),
  durationSeconds: z.int(),
  /** The console's own address of the poster (needs the session); null before the first processing. */
  posterUrl: z.string().nullable(),
  /**
   * The console's own address of the processed MP4 (needs the session; byte ranges), to watch an
   * episode before it is published; null for the demo's episodes and before the first processing.
   */
  previewUrl: z.string().nullable(),
  /** Languages with an uploaded subtitle file. */
  subtitles: z.array(consoleSubtitleLanguageSchema),
  /** The latest processing job (a replacement in progress, or the one that made the media). */
  job: mediaJobSchema.nullable(),
  updatedAt: z.string(),
});
export type ConsoleEpisode = z.infer<typeof consoleEpisodeSchema>;

export const consoleEpisodeListSchema = z.object({
  items: z.array(consoleEpisodeSchema),
  /** The first N episodes are free. */
  freeEpisodeCount: z.int(),
});
export const consoleEpisodeListResponseSchema = ok(consoleEpisodeListSchema);
export const consoleEpisodeResponseSchema = ok(consoleEpisodeSchema);

/** Finished uploads, each becoming a new episode after the last one, in this order. */
export const episodeUploadsBodySchema = z.object({
  uploadIds: z.array(uploadIdSchema).min(1).max(200),
  /** Publish each episode as soon as its media is ready (default); false keeps them as drafts. */
  publish: z.boolean().default(true),
});
export type EpisodeUploadsBody = z.input<typeof episodeUploadsBodySchema>;

/** Every episode of the drama, each once, in the new order. */
export const episodeOrderBodySchema = z.object({ episodeIds: z.array(idSchema).min(1).max(2000) });
export const freeEpisodesBodySchema = z.object({ count: z.int().min(0).max(2000) });
export const episodeReplaceBodySchema = z.object({ uploadId: uploadIdSchema });
export const episodeStatusBodySchema = z.object({ status: z.enum(['published', 'unpublished']) });

/** WebVTT, or SRT (turned into WebVTT); up to 1 MB of text. */
export const subtitleBodySchema = z.object({ content: z.string().min(1).max(1_000_000) });
export const subtitleParamsSchema = z.object({ id: idSchema, language: consoleSubtitleLanguageSchema });

export const mediaJobListQuerySchema = pageQuerySchema.extend({
  state: mediaJobStateSchema.optional(),
  dramaId: idSchema.optional(),
  episodeId: idSchema.optional(),
});
export type MediaJobListQuery = z.infer<typeof mediaJobListQuerySchema>;
export const mediaJobListResponseSchema = ok(paged(mediaJobSchema));
export const mediaJobResponseSchema = ok(mediaJobSchema);
