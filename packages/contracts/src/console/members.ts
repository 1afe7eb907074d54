import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { feedbackSchema } from '../feedback.js';
import { orderSchema } from '../membership.js';
import { idSchema, pageQuerySchema } from '../params.js';
import { pointsRecordSchema } from '../points.js';

/*
 * The console's members screens (`/api/v1/console/members`).
 *
 * Who may call:
 * - support (and the owner): everything, contact fields (phone, e-mail) unmasked;
 * - finance: the search, a member's profile and VIP state, and their orders, with contact
 *   fields masked; a finance search matches a phone or e-mail only when it is typed whole
 *   (no prefix search on contacts, so masked contacts cannot be guessed a character at a time);
 * - content: nothing here.
 *
 * Changes (VIP days, points, disable, enable, sign-out everywhere) are support's, each with a
 * required reason that goes to the audit log and never to the member.
 */

/** The roles that see a member's phone and e-mail in full; the others see them masked. */
export const MEMBER_CONTACT_ROLES = ['owner', 'support'] as const;

/** An e-mail as a masked role sees it: the first character and the domain, `m***@example.com`. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email.slice(0, 1)}***${email.slice(at)}`;
}

/** A phone as a masked role sees it: the first three and last two digits, `138******78`. */
export function maskPhone(phone: string): string {
  if (phone.length <= 5) return '*'.repeat(phone.length);
  return `${phone.slice(0, 3)}${'*'.repeat(phone.length - 5)}${phone.slice(-2)}`;
}

export const MEMBER_SEARCH_MAX = 100;

export const memberSearchQuerySchema = pageQuerySchema.extend({
  /**
   * An id, a nickname or username (part of it; three or more characters match anywhere, one or
   * two at the start), a phone or an e-mail (whole, or its start for roles that see contacts).
   */
  query: z.string().trim().min(1).max(MEMBER_SEARCH_MAX).optional(),
});
export type MemberSearchQuery = z.infer<typeof memberSearchQuerySchema>;

export const memberSummarySchema = z.object({
  id: z.int(),
  username: z.string(),
  nickname: z.string().nullable(),
  /** Masked (`m***@example.com`, `138******78`) unless `contactsMasked` is false. */
  email: z.string().nullable(),
  phone: z.string().nullable(),
  contactsMasked: z.boolean(),
  /** 1 = active, 0 = disabled. */
  status: z.int(),
  vipLevel: z.int(),
  vipExpireTime: z.iso.datetime().nullable(),
  /** VIP level above 0 and the expiry in the future. */
  vipActive: z.boolean(),
  points: z.int().min(0),
  createdAt: z.iso.datetime(),
  lastSignInAt: z.iso.datetime().nullable(),
});
export type MemberSummary = z.infer<typeof memberSummarySchema>;
export const memberSearchResponseSchema = ok(paged(memberSummarySchema));

export const memberDetailSchema = memberSummarySchema.extend({
  avatar: z.string().nullable(),
  /** While in the future, sign-in is refused (too many wrong passwords). */
  lockedUntil: z.iso.datetime().nullable(),
  updatedAt: z.iso.datetime(),
});
export type MemberDetail = z.infer<typeof memberDetailSchema>;
export const memberDetailResponseSchema = ok(memberDetailSchema);

export const memberParamsSchema = z.object({ id: idSchema });
export const memberPageQuerySchema = pageQuerySchema;

export const memberOrderListResponseSchema = ok(paged(orderSchema));
export const memberPointsListResponseSchema = ok(paged(pointsRecordSchema));
export const memberFeedbackListResponseSchema = ok(paged(feedbackSchema));

export const memberHistoryItemSchema = z.object({
  id: z.int(),
  dramaId: z.int(),
  dramaTitle: z.string(),
  episodeId: z.int(),
  episodeSequence: z.int(),
  episodeCount: z.int(),
  progressSeconds: z.int().min(0),
  watchedAt: z.iso.datetime(),
});
export type MemberHistoryItem = z.infer<typeof memberHistoryItemSchema>;
export const memberHistoryListResponseSchema = ok(paged(memberHistoryItemSchema));

export const MEMBER_ADJUSTMENT_KINDS = ['vip_days', 'points'] as const;
export const memberAdjustmentKindSchema = z.enum(MEMBER_ADJUSTMENT_KINDS);
export type MemberAdjustmentKind = z.infer<typeof memberAdjustmentKindSchema>;

/** One grant or deduction made from the console: the member's VIP history of operators' changes. */
export const memberAdjustmentSchema = z.object({
  id: z.int(),
  kind: memberAdjustmentKindSchema,
  /** Signed: positive grants, negative deducts (days or points). */
  amount: z.int(),
  reason: z.string(),
  /** VIP: the expiry before and after; points: the balance before and after. */
  before: z.string().nullable(),
  after: z.string().nullable(),
  operatorUsername: z.string(),
  createdAt: z.iso.datetime(),
});
export type MemberAdjustment = z.infer<typeof memberAdjustmentSchema>;
export const memberAdjustmentQuerySchema = pageQuerySchema.extend({ kind: memberAdjustmentKindSchema.optional() });
export const memberAdjustmentListResponseSchema = ok(paged(memberAdjustmentSchema));

/** Why, for the audit log; required on every change. */
export const memberReasonSchema = z.string().trim().min(1, { error: 'reason is required' }).max(200);

/**
 * Made by the console once per dialog: the same key sent again (a retry, a double click) applies
 * the change once and answers what the first one did; with a different change it is refused.
 */
export const idempotencyKeySchema = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, { error: '8 to 64 letters, digits, - or _' });

export const MEMBER_VIP_DAYS_MAX = 3650;
export const MEMBER_POINTS_MAX = 1_000_000;

export const memberVipChangeSchema = z.object({
  /**
   * grant: added to the later of now and the current expiry (as a purchase is).
   * deduct: taken off the current expiry; refused (VIP_DEDUCTION_TOO_LARGE, details.maxDays)
   * when the expiry would then fall before now: ending VIP early is a deduction of whole days.
   */
  direction: z.enum(['grant', 'deduct']),
  days: z.int().min(1).max(MEMBER_VIP_DAYS_MAX),
  reason: memberReasonSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type MemberVipChange = z.infer<typeof memberVipChangeSchema>;

export const memberPointsChangeSchema = z.object({
  /** deduct: refused with INSUFFICIENT_POINTS when the balance cannot cover it (never below 0). */
  direction: z.enum(['grant', 'deduct']),
  amount: z.int().min(1).max(MEMBER_POINTS_MAX),
  reason: memberReasonSchema,
  idempotencyKey: idempotencyKeySchema,
});
export type MemberPointsChange = z.infer<typeof memberPointsChangeSchema>;

export const memberAdjustmentResultSchema = z.object({
  member: memberDetailSchema,
  adjustment: memberAdjustmentSchema,
  /** True when this key had already been applied: nothing changed this time. */
  replayed: z.boolean(),
});
export type MemberAdjustmentResult = z.infer<typeof memberAdjustmentResultSchema>;
export const memberAdjustmentResultResponseSchema = ok(memberAdjustmentResultSchema);

/** Disable, enable and sign-out-everywhere: a reason for the audit log. */
export const memberActionSchema = z.object({ reason: memberReasonSchema });
export type MemberAction = z.infer<typeof memberActionSchema>;
