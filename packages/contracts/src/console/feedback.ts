import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { FEEDBACK_LIMITS, feedbackReplySchema, feedbackStatusSchema, feedbackTypeSchema } from '../feedback.js';
import { idSchema } from '../params.js';
import { operatorRoleSchema } from './operators.js';

/*
 * The console's feedback inbox (`/api/v1/console/feedback`, role support; the owner passes too).
 * Statuses are the members' ones: pending (open, nobody has answered), replied (answered),
 * closed. The unanswered count of the navigation badge counts pending items.
 */

/** Who an item is assigned to: `me` (the caller), `none` (nobody), or an operator's id. */
export const feedbackAssigneeFilterSchema = z.union([z.enum(['me', 'none']), idSchema]);
export type FeedbackAssigneeFilter = z.infer<typeof feedbackAssigneeFilterSchema>;

export const consoleFeedbackListQuerySchema = z.object({
  status: feedbackStatusSchema.optional(),
  type: feedbackTypeSchema.optional(),
  assignee: feedbackAssigneeFilterSchema.optional(),
  /** By the time it was sent: newest first (default) or oldest first, as a queue is worked. */
  order: z.enum(['desc', 'asc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type ConsoleFeedbackListQuery = z.infer<typeof consoleFeedbackListQuerySchema>;

/** An operator an item can be assigned to (active, role support or owner). */
export const feedbackAssigneeSchema = z.object({ id: z.int(), username: z.string(), role: operatorRoleSchema });
export type FeedbackAssignee = z.infer<typeof feedbackAssigneeSchema>;

export const consoleFeedbackSchema = z.object({
  id: z.int(),
  type: feedbackTypeSchema,
  status: feedbackStatusSchema,
  content: z.string(),
  contact: z.string().nullable(),
  member: z.object({ id: z.int(), username: z.string(), nickname: z.string().nullable() }),
  /** Same-site addresses of the images (`/media/uploads/...`), as the member sees them. */
  screenshots: z.array(z.object({ id: z.int(), url: z.string() })),
  /** Oldest first; `support` replies are what the member reads as the answer. */
  replies: z.array(feedbackReplySchema),
  assignee: z.object({ id: z.int(), username: z.string() }).nullable(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsoleFeedback = z.infer<typeof consoleFeedbackSchema>;

export const consoleFeedbackListResponseSchema = ok(paged(consoleFeedbackSchema));
export const consoleFeedbackResponseSchema = ok(consoleFeedbackSchema);

/** The answer the member sees; the item becomes replied (a closed one refuses). */
export const consoleFeedbackReplySchema = z.object({ content: z.string().trim().min(1).max(FEEDBACK_LIMITS.contentMax) });
export type ConsoleFeedbackReply = z.input<typeof consoleFeedbackReplySchema>;

/** Assigns the item to an operator, or to nobody with null. */
export const consoleFeedbackAssignSchema = z.object({ operatorId: idSchema.nullable() });
export type ConsoleFeedbackAssign = z.input<typeof consoleFeedbackAssignSchema>;

export const feedbackAssigneeListResponseSchema = ok(z.object({ items: z.array(feedbackAssigneeSchema) }));

/** Pending items (nobody has answered): everyone's, and those assigned to the caller. */
export const feedbackCountSchema = z.object({ unanswered: z.int().min(0), unansweredMine: z.int().min(0) });
export type FeedbackCount = z.infer<typeof feedbackCountSchema>;
export const feedbackCountResponseSchema = ok(feedbackCountSchema);

/** Paths under `/api/v1/console`. */
export const consoleFeedbackPaths = {
  list: () => '/feedback',
  count: () => '/feedback/count',
  assignees: () => '/feedback/assignees',
  item: (id: number) => `/feedback/${id}`,
  reply: (id: number) => `/feedback/${id}/reply`,
  close: (id: number) => `/feedback/${id}/close`,
  reopen: (id: number) => `/feedback/${id}/reopen`,
  assignee: (id: number) => `/feedback/${id}/assignee`,
};
