import { z } from 'zod';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';

/**
 * The notification centre (issue 25). A notice carries a kind code and values, never prose: the
 * client (and the service worker, for a push) writes it in the member's language from its
 * dictionaries' `notices.kinds.<kind>` texts.
 */
export const NOTICE_KINDS = ['new-episode', 'feedback-reply', 'vip-ending', 'order-result', 'redeem-result'] as const;
export const noticeKindSchema = z.enum(NOTICE_KINDS);
export type NoticeKind = z.infer<typeof noticeKindSchema>;

/** The values each kind carries. */
export const noticeValuesSchemas = {
  'new-episode': z.object({ dramaId: z.int(), episodeId: z.int(), sequence: z.int() }),
  'feedback-reply': z.object({ feedbackId: z.int() }),
  /** 3: three days before the end; 0: the last day. */
  'vip-ending': z.object({ daysLeft: z.union([z.literal(3), z.literal(0)]), expiresAt: z.string() }),
  'order-result': z.object({ orderId: z.int(), status: z.enum(['success', 'failed', 'cancelled']) }),
  'redeem-result': z.object({ kind: z.enum(['vip', 'points']), value: z.int() }),
} as const;
export type NoticeValues<K extends NoticeKind = NoticeKind> = z.infer<(typeof noticeValuesSchemas)[K]>;

export const noticeSchema = z.object({
  id: z.int(),
  kind: noticeKindSchema,
  values: z.record(z.string(), z.union([z.string(), z.number()])),
  read: z.boolean(),
  createdAt: z.string(),
  /** Display data joined for the list (new-episode: the drama's title in the request's locale and cover). */
  drama: z.object({ id: z.int(), title: z.string(), cover: z.string().nullable() }).nullable(),
});
export type Notice = z.infer<typeof noticeSchema>;

export const noticeListQuerySchema = pageQuerySchema;
export const noticeListResponseSchema = ok(paged(noticeSchema));
export const noticeUnreadResponseSchema = ok(z.object({ unread: z.int().min(0) }));
export const noticeIdParamsSchema = z.object({ id: idSchema });
export const noticeReadResponseSchema = ok(z.object({ marked: z.int().min(0) }));

const text = (value: string | number | undefined) => encodeURIComponent(value === undefined ? '' : String(value));

/**
 * The app path a notice takes the member to; shared by the web app, the service worker's
 * payload (the server puts it in each push) and the tests.
 */
export function noticeTarget(kind: string, values: Record<string, string | number>): string {
  switch (kind) {
    case 'new-episode':
      return `/player/${text(values.dramaId)}?episode=${text(values.episodeId)}`;
    case 'feedback-reply':
      return `/feedback/${text(values.feedbackId)}`;
    case 'vip-ending':
      return '/membership';
    case 'order-result':
      return `/orders/${text(values.orderId)}`;
    case 'redeem-result':
      return '/redeem/records';
    default:
      return '/';
  }
}
