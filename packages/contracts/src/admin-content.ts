import { z } from 'zod';
import { ok } from './envelope.js';

/* `POST /admin/dramas/import`: the operator's catalogue import (DESIGN.md section 4, content management). */

export const contentSlugSchema = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'must be lower-case letters and digits, words joined by single hyphens');

function localized(max: number) {
  const text = z.string().trim().min(1).max(max);
  return z.object({ 'zh-CN': text, 'zh-Hant': text, 'en-US': text });
}

/**
 * Why a name of stored media is not a plain relative path, or undefined when it is one. The
 * server joins these names under MEDIA_DIR, so whatever could climb out of it, or be read
 * differently by another layer (an encoded dot or slash, a Windows separator, a NUL where C code
 * stops reading), is refused here by rule, apart from the character patterns below, so that a
 * later change to a pattern cannot let it through.
 */
export function unsafeMediaPathReason(value: string): string | undefined {
  if (value.length === 0) return 'must not be empty';
  // eslint-disable-next-line no-control-regex -- the control characters are what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) return 'must not contain control characters (NUL included)';
  if (value.includes('\\')) return 'must separate folders with "/", not "\\"';
  if (value.includes('%')) return 'must not be percent-encoded';
  if (value.startsWith('/') || /^[A-Za-z]:/.test(value)) return 'must be a relative path, not an absolute one';
  const segments = value.split('/');
  if (segments.includes('..') || value.includes('..')) return 'must not contain ".."';
  if (segments.some((segment) => segment === '' || segment === '.')) return 'must not contain empty or "." folders';
  return undefined;
}

function plainRelativePath(value: string, ctx: z.RefinementCtx): void {
  const reason = unsafeMediaPathReason(value);
  if (reason) ctx.addIssue({ code: 'custom', message: reason });
}

/** A name of stored media: letters, digits, dot, underscore and hyphen, never a path. */
export const mediaKeySchema = z
  .string()
  .trim()
  .superRefine(plainRelativePath)
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,159}$/, 'must be a file name without extension (letters, digits, . _ -)');

/** A path below MEDIA_DIR/covers, e.g. `my-drama.jpg` or `imports/my-drama.jpg`. */
export const coverPathSchema = z
  .string()
  .trim()
  .max(200)
  .superRefine(plainRelativePath)
  .regex(
    /^(?:[A-Za-z0-9][A-Za-z0-9._-]*\/)*[A-Za-z0-9][A-Za-z0-9._-]*\.(?:jpg|jpeg|png|webp)$/,
    'must be a relative path of a .jpg, .jpeg, .png or .webp file under MEDIA_DIR/covers',
  );

export const importCategorySchema = z.object({
  slug: contentSlugSchema,
  name: localized(40),
  sortOrder: z.int().min(0).max(10_000).optional(),
});

export const importTagSchema = z.object({ slug: contentSlugSchema, name: localized(40) });

export const importEpisodeSchema = z.object({
  sequence: z.int().min(1).max(5_000),
  isFree: z.boolean(),
  durationSeconds: z.int().min(0).max(86_400),
  /** Plays MEDIA_DIR/clips/<mediaKey>.mp4, or MEDIA_DIR/hls/<mediaKey>/master.m3u8 when present. */
  mediaKey: mediaKeySchema,
});

export const importDramaSchema = z.object({
  slug: contentSlugSchema,
  title: localized(120),
  description: localized(2_000),
  /** A category slug: an existing one or one defined in the same import; null for none. */
  category: contentSlugSchema.nullable().default(null),
  /** Tag slugs: existing ones or ones defined in the same import. */
  tags: z.array(contentSlugSchema).max(10).default([]),
  coverPath: coverPathSchema,
  status: z.enum(['published', 'draft', 'hidden']).default('published'),
  featured: z.boolean().default(false),
  completed: z.boolean().default(false),
  episodes: z
    .array(importEpisodeSchema)
    .min(1)
    .max(5_000)
    .refine((episodes) => new Set(episodes.map((e) => e.sequence)).size === episodes.length, 'sequences must be unique'),
});

function uniqueSlugs(items: ReadonlyArray<{ slug: string }>): boolean {
  return new Set(items.map((item) => item.slug)).size === items.length;
}

/**
 * A catalogue to import. Dramas are matched by slug: new ones are created, existing ones
 * updated (their episodes by sequence; episodes missing from the import are kept). Categories
 * and tags listed here are created or renamed; a drama may name only those or existing ones.
 */
export const adminDramaImportBodySchema = z.object({
  categories: z.array(importCategorySchema).max(100).default([]).refine(uniqueSlugs, 'category slugs must be unique'),
  tags: z.array(importTagSchema).max(500).default([]).refine(uniqueSlugs, 'tag slugs must be unique'),
  dramas: z.array(importDramaSchema).min(1).max(500).refine(uniqueSlugs, 'drama slugs must be unique'),
});
export type AdminDramaImportBody = z.input<typeof adminDramaImportBodySchema>;

export const adminDramaImportResultSchema = z.object({
  created: z.int().min(0),
  updated: z.int().min(0),
  dramas: z.array(
    z.object({
      id: z.int(),
      slug: z.string(),
      action: z.enum(['created', 'updated']),
      episodeCount: z.int().min(0),
      freeEpisodeCount: z.int().min(0),
    }),
  ),
});
export type AdminDramaImportResult = z.infer<typeof adminDramaImportResultSchema>;
export const adminDramaImportResponseSchema = ok(adminDramaImportResultSchema);
