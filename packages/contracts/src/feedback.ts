import { z } from 'zod';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';

/* Feedback and its screenshots (DESIGN.md section 3, feedback row; spec sections 3 and 4). */

export const FEEDBACK_TYPES = ['general', 'payment', 'account', 'vip', 'bug', 'suggestion', 'other'] as const;
export const feedbackTypeSchema = z.enum(FEEDBACK_TYPES);
export type FeedbackType = z.infer<typeof feedbackTypeSchema>;

export const FEEDBACK_STATUSES = ['pending', 'replied', 'closed'] as const;
export const feedbackStatusSchema = z.enum(FEEDBACK_STATUSES);
export type FeedbackStatus = z.infer<typeof feedbackStatusSchema>;

export const FEEDBACK_LIMITS = {
  contentMin: 5,
  contentMax: 1000,
  contactMax: 100,
  screenshotsMax: 3,
  /** Bytes of one uploaded image. */
  uploadMaxBytes: 5 * 1024 * 1024,
  uploadTypes: ['image/jpeg', 'image/png', 'image/webp', 'image/gif'],
} as const;

/** `POST /client/uploads` (multipart, one file field named `file`): an image, checked by its content. */
export const uploadSchema = z.object({
  id: z.int(),
  url: z.string(),
  contentType: z.enum(FEEDBACK_LIMITS.uploadTypes),
  size: z.int().min(1),
  width: z.int().min(1).nullable(),
  height: z.int().min(1).nullable(),
});
export type Upload = z.infer<typeof uploadSchema>;
export const uploadResponseSchema = ok(uploadSchema);

export const createFeedbackBodySchema = z.object({
  type: feedbackTypeSchema,
  content: z.string().trim().min(FEEDBACK_LIMITS.contentMin).max(FEEDBACK_LIMITS.contentMax),
  contact: z.string().trim().max(FEEDBACK_LIMITS.contactMax).optional(),
  /** Ids of the member's own uploads. */
  screenshotIds: z.array(idSchema).max(FEEDBACK_LIMITS.screenshotsMax).default([]),
});
export type CreateFeedbackBody = z.input<typeof createFeedbackBodySchema>;

export const feedbackReplySchema = z.object({
  id: z.int(),
  /** `support`: the operator's reply. */
  author: z.enum(['support', 'user']),
  content: z.string(),
  createdAt: z.iso.datetime(),
});
export type FeedbackReply = z.infer<typeof feedbackReplySchema>;

export const feedbackSchema = z.object({
  id: z.int(),
  type: feedbackTypeSchema,
  content: z.string(),
  contact: z.string().nullable(),
  screenshots: z.array(z.object({ id: z.int(), url: z.string() })),
  status: feedbackStatusSchema,
  replies: z.array(feedbackReplySchema),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type Feedback = z.infer<typeof feedbackSchema>;
export const feedbackResponseSchema = ok(feedbackSchema);
export const feedbackListQuerySchema = pageQuerySchema.extend({ status: feedbackStatusSchema.optional() });
export const feedbackListResponseSchema = ok(paged(feedbackSchema));

/* Web vitals (`POST /client/vitals`), sampled at 10% by the client (spec section 7). */

export const VITAL_NAMES = ['LCP', 'CLS', 'INP', 'FCP', 'TTFB'] as const;
export const vitalSchema = z.object({
  name: z.enum(VITAL_NAMES),
  value: z.number().min(0).max(600_000),
  rating: z.enum(['good', 'needs-improvement', 'poor']),
  /** The metric's id from the browser library, unique per page load. */
  id: z.string().trim().min(1).max(100),
  /** The route path without query, e.g. `/player/12`. */
  path: z.string().trim().min(1).max(200),
  navigationType: z.string().trim().max(40).optional(),
});
export const vitalsBodySchema = z.object({ metrics: z.array(vitalSchema).min(1).max(20) });
export type VitalsBody = z.infer<typeof vitalsBodySchema>;
export const vitalsResponseSchema = ok(z.object({ accepted: z.int().min(0) }));
