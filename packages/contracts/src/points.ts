import { z } from 'zod';
import { ok, paged } from './envelope.js';
import { idSchema, pageQuerySchema } from './params.js';

/* Points ledger, tasks and the points mall (DESIGN.md section 3, points rows; section 4, points and tasks). */

export const POINTS_RECORD_TYPES = [
  'task_reward',
  'sign_in',
  'watch',
  'share',
  'exchange',
  'invite',
  'admin',
  'other',
  'vip_exchange',
  'redeem_code',
] as const;
export const pointsRecordTypeSchema = z.enum(POINTS_RECORD_TYPES);
export type PointsRecordType = z.infer<typeof pointsRecordTypeSchema>;

export const TASK_TYPES = [
  'dailyCheckIn',
  'watchVideo',
  'shareContent',
  'inviteFriends',
  'bindPhone',
  'followUs',
  'completeProfile',
] as const;
export const taskTypeSchema = z.enum(TASK_TYPES);
export type TaskType = z.infer<typeof taskTypeSchema>;

/**
 * What a record was for, as a code and its values, read from the record's reference: the client
 * writes the text in the reader's language (a task's name from its type), and a mall item's
 * name, which operators write per locale, comes in the request's locale (null where the call
 * has no locale to pick, e.g. the console).
 */
export const pointsRecordCauseSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('task'), taskType: taskTypeSchema }),
  z.object({ kind: z.literal('mall'), itemId: z.int(), itemName: z.string().nullable() }),
]);
export type PointsRecordCause = z.infer<typeof pointsRecordCauseSchema>;

/** One row of the ledger: every change of a balance is one of these. */
export const pointsRecordSchema = z.object({
  id: z.int(),
  type: pointsRecordTypeSchema,
  /** Signed: positive earns, negative spends. */
  amount: z.int(),
  balanceAfter: z.int().min(0),
  /**
   * A language-neutral note (task type, redeem code), shown as is when there is no `cause`.
   * Mall rows made before `cause` hold the item's name in the language it was exchanged in.
   */
  note: z.string().nullable(),
  /** A stable reference of the cause, e.g. `task:dailyCheckIn:2026-11-22`, `mall:3`, `redeem:17`. */
  reference: z.string().nullable(),
  cause: pointsRecordCauseSchema.nullable(),
  createdAt: z.iso.datetime(),
});
export type PointsRecord = z.infer<typeof pointsRecordSchema>;

export const pointsSummarySchema = z.object({
  balance: z.int().min(0),
  /** Points earned today (APP_TIMEZONE day). */
  todayEarned: z.int().min(0),
  totalEarned: z.int().min(0),
  checkedInToday: z.boolean(),
  /** Consecutive days checked in, including today when checked in. */
  checkInStreak: z.int().min(0),
  /** The check-in's points on day 1 to 7 of a streak, as operators set them now (later days pay the last). */
  checkInRewards: z.array(z.int().min(0)).length(7),
});
export type PointsSummary = z.infer<typeof pointsSummarySchema>;
export const pointsSummaryResponseSchema = ok(pointsSummarySchema);

export const pointsRecordQuerySchema = pageQuerySchema.extend({ type: pointsRecordTypeSchema.optional() });
export const pointsRecordListResponseSchema = ok(paged(pointsRecordSchema));

/** Points of the check-in by day of the streak: day 1 to 7, then the last figure every day. */
export const CHECK_IN_REWARDS = [10, 10, 15, 15, 20, 20, 30] as const;

/** The check-in reward of the n-th day in a row (n >= 1). */
export function checkInReward(streakDay: number): number {
  const index = Math.min(Math.max(Math.floor(streakDay), 1), CHECK_IN_REWARDS.length) - 1;
  return CHECK_IN_REWARDS[index] ?? CHECK_IN_REWARDS[6];
}

export const TASK_STATUSES = ['not_started', 'in_progress', 'completed', 'received'] as const;
export const taskStatusSchema = z.enum(TASK_STATUSES);
export type TaskStatus = z.infer<typeof taskStatusSchema>;

export const taskSchema = z.object({
  type: taskTypeSchema,
  /** Daily tasks reset at 00:00 in APP_TIMEZONE; newbie tasks are once per account. */
  category: z.enum(['daily', 'newbie']),
  status: taskStatusSchema,
  progress: z.int().min(0),
  target: z.int().min(1),
  /** Points a claim gives now (for the check-in: including today's streak bonus). */
  rewardPoints: z.int().min(0),
});
export type Task = z.infer<typeof taskSchema>;

/**
 * The official account the followUs task leads to, in the viewer's language (system settings
 * followUsLink and followUsQrImage), and whether the member has opened it: "Done" counts only
 * after that.
 */
export const followTargetSchema = z.object({
  link: z.string().nullable(),
  qrImage: z.string().nullable(),
  opened: z.boolean(),
});
export type FollowTarget = z.infer<typeof followTargetSchema>;
export const followTargetResponseSchema = ok(followTargetSchema);

export const taskListSchema = z.object({
  /** followUs is listed only while an operator has set where it leads (`follow`). */
  items: z.array(taskSchema),
  /** When the daily tasks next reset: 00:00 in `timeZone`. */
  resetsAt: z.iso.datetime(),
  /** The IANA zone whose midnight resets the daily tasks (the server's APP_TIMEZONE). */
  timeZone: z.string(),
  follow: followTargetSchema.nullable(),
  checkInStreak: z.int().min(0),
  /** The member's own invite code, for the inviteFriends task. */
  inviteCode: z.string(),
});
export type TaskList = z.infer<typeof taskListSchema>;
export const taskListResponseSchema = ok(taskListSchema);

export const taskParamsSchema = z.object({ taskType: taskTypeSchema });
/** Progress the server cannot see for itself (share, follow). */
export const taskProgressBodySchema = z.object({ dramaId: idSchema.optional() }).default({});
export const taskProgressResponseSchema = ok(taskSchema);

export const taskClaimResultSchema = z.object({
  task: taskSchema,
  reward: z.int().min(0),
  balance: z.int().min(0),
  record: pointsRecordSchema,
});
export const taskClaimResponseSchema = ok(taskClaimResultSchema);

export const MALL_ITEM_KINDS = ['vip_days'] as const;
export const mallItemSchema = z.object({
  id: z.int(),
  kind: z.enum(MALL_ITEM_KINDS),
  /** In the request's locale. */
  name: z.string(),
  description: z.string(),
  costPoints: z.int().min(1),
  /** For vip_days: the number of days. */
  value: z.int().min(1),
  /** null: unlimited. */
  stock: z.int().min(0).nullable(),
});
export type MallItem = z.infer<typeof mallItemSchema>;
export const mallListResponseSchema = ok(z.object({ items: z.array(mallItemSchema), balance: z.int().min(0) }));
export const mallItemParamsSchema = z.object({ itemId: idSchema });
export const mallExchangeResponseSchema = ok(
  z.object({
    item: mallItemSchema,
    balance: z.int().min(0),
    record: pointsRecordSchema,
    vipLevel: z.int(),
    vipExpireTime: z.iso.datetime().nullable(),
  }),
);

/* Redeem codes (DESIGN.md section 4): case-sensitive, single use, VIP days or points. */

export const REDEEM_CODE_TYPES = ['vip_days', 'points'] as const;
export const redeemCodeTypeSchema = z.enum(REDEEM_CODE_TYPES);
export type RedeemCodeType = z.infer<typeof redeemCodeTypeSchema>;

/** Surrounding spaces are forgiven (pasted codes); case is not (codes are case-sensitive). */
export const redeemBodySchema = z.object({ code: z.string().trim().min(4).max(64) });
export type RedeemBody = z.infer<typeof redeemBodySchema>;

export const redeemResultSchema = z.object({
  type: redeemCodeTypeSchema,
  value: z.int().min(1),
  points: z.int().min(0),
  vipLevel: z.int(),
  vipExpireTime: z.iso.datetime().nullable(),
});
export type RedeemResult = z.infer<typeof redeemResultSchema>;
export const redeemResponseSchema = ok(redeemResultSchema);

export const redeemRecordSchema = z.object({
  id: z.int(),
  code: z.string(),
  type: redeemCodeTypeSchema,
  value: z.int().min(1),
  redeemedAt: z.iso.datetime(),
});
export type RedeemRecord = z.infer<typeof redeemRecordSchema>;
export const redeemRecordListResponseSchema = ok(paged(redeemRecordSchema));
