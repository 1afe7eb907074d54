import { z } from 'zod';
import { dramaSummarySchema, playInfoSchema } from './catalogue.js';
import { feed, ok, paged } from './envelope.js';
import { pageQuerySchema } from './params.js';

/* Search (`GET /client/search`, `GET /client/search/hot`). */

export const SEARCH_KEYWORD_MAX = 50;

export const searchQuerySchema = pageQuerySchema.extend({
  keyword: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX),
  /**
   * `true` while the user is still typing: the answer is the same, but the keyword is not
   * counted towards hot searches (otherwise every prefix of every query would be).
   */
  suggest: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
});
export type SearchQuery = z.input<typeof searchQuerySchema>;

/** [start, end) offsets, in UTF-16 code units, of a match inside a shown text. */
export const textRangeSchema = z.tuple([z.int().min(0), z.int().min(0)]);
export type TextRange = z.infer<typeof textRangeSchema>;

export const searchHitSchema = z.object({
  drama: dramaSummarySchema,
  /** Where the keyword was found, best first. */
  matchedIn: z.array(z.enum(['title', 'description', 'tag'])),
  /** Matches inside `drama.title` as shown in the request's locale. */
  titleRanges: z.array(textRangeSchema),
  /** A short excerpt of the description around the first match, with the match ranges inside it. */
  snippet: z.object({ text: z.string(), ranges: z.array(textRangeSchema) }).nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

export const searchResponseSchema = ok(
  paged(searchHitSchema).extend({
    keyword: z.string(),
    /**
     * More dramas match than `total` says: results and totals stop at the first 1,000 (show
     * "1,000+"). Absent from older servers, which counted every match.
     */
    totalCapped: z.boolean().optional(),
  }),
);

export const hotSearchSchema = z.object({ keyword: z.string(), count: z.int().min(0) });
export type HotSearch = z.infer<typeof hotSearchSchema>;
export const hotSearchResponseSchema = ok(z.object({ items: z.array(hotSearchSchema) }));

/*
 * Blocked hot-search terms (operator: `GET /admin/search/blocked-terms`,
 * `POST /admin/search/blocked-terms`, `DELETE /admin/search/blocked-terms/{term}`). A term is
 * matched the way searches merge: case, width and Simplified/Traditional do not matter.
 */

export const adminBlockedTermBodySchema = z.object({ term: z.string().trim().min(1).max(SEARCH_KEYWORD_MAX) });
export type AdminBlockedTermBody = z.infer<typeof adminBlockedTermBodySchema>;
export const adminBlockedTermParamsSchema = adminBlockedTermBodySchema;

export const blockedTermSchema = z.object({
  term: z.string(),
  /** The normalised form that is matched. */
  keyword: z.string(),
  blockedAt: z.iso.datetime(),
});
export type BlockedTerm = z.infer<typeof blockedTermSchema>;
export const adminBlockedTermResponseSchema = ok(blockedTermSchema);
export const adminBlockedTermListResponseSchema = ok(z.object({ items: z.array(blockedTermSchema) }));

/* Explore feed (`GET /client/explore?cursor&limit`). */

export const exploreQuerySchema = z.object({
  /** Opaque; from the previous page's `nextCursor`. */
  cursor: z.string().trim().min(1).max(512).optional(),
  limit: z.coerce.number().int().min(1).max(20).default(5),
});
export type ExploreQuery = z.input<typeof exploreQuerySchema>;

export const exploreItemSchema = z.object({
  drama: dramaSummarySchema,
  /** The drama's first episode (always free in this catalogue), ready to play. */
  episode: playInfoSchema.extend({ durationSeconds: z.int() }),
});
export type ExploreItem = z.infer<typeof exploreItemSchema>;
export const exploreResponseSchema = ok(feed(exploreItemSchema));
