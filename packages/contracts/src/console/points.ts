import { z } from 'zod';
import { ok } from '../envelope.js';
import { MALL_ITEM_KINDS, TASK_TYPES } from '../points.js';

/*
 * Points in the console (`/api/v1/console/points/...`): the mall's items and the tasks'
 * rewards. Role finance (the owner passes too): points are a currency members hold, a mall
 * price is what a VIP day costs in it and a reward is what the company hands out, so they are
 * set by the people who answer for money and run the campaigns, not by the catalogue's editors.
 *
 * Changes apply at once: the viewers' mall and tasks pages read them on their next call. An
 * item off sale is neither listed nor sold; stock 0 is sold out, null unlimited. A changed
 * reward pays on claims made after the change; a claim already made keeps its points.
 */

/** A text in each of the three languages, every one required. */
const threeLanguages = (max: number, min = 1) =>
  z.object({
    'zh-CN': z.string().trim().min(min).max(max),
    'zh-Hant': z.string().trim().min(min).max(max),
    'en-US': z.string().trim().min(min).max(max),
  });

export const MALL_ITEM_NAME_MAX = 60;
export const MALL_ITEM_DESCRIPTION_MAX = 200;
/** Most VIP days one item gives (ten years). */
export const MALL_ITEM_MAX_DAYS = 3660;
export const POINTS_MAX = 1_000_000;

export const consoleMallItemSchema = z.object({
  id: z.int(),
  slug: z.string(),
  kind: z.enum(MALL_ITEM_KINDS),
  name: z.object({ 'zh-CN': z.string(), 'zh-Hant': z.string(), 'en-US': z.string() }),
  description: z.object({ 'zh-CN': z.string(), 'zh-Hant': z.string(), 'en-US': z.string() }),
  costPoints: z.int(),
  /** VIP days. */
  value: z.int(),
  /** Left to sell; null: unlimited, 0: sold out. */
  stock: z.int().nullable(),
  onSale: z.boolean(),
  /** Lower first in the viewers' mall; equal orders by price. */
  sortOrder: z.int(),
  /** Exchanges made so far. */
  exchanged: z.int(),
  createdAt: z.iso.datetime(),
  updatedAt: z.iso.datetime(),
});
export type ConsoleMallItem = z.infer<typeof consoleMallItemSchema>;

export const MALL_SALE_FILTERS = ['on', 'off'] as const;
export const consoleMallItemListQuerySchema = z.object({
  /** on: on sale; off: off sale; none: all. */
  sale: z.enum(MALL_SALE_FILTERS).optional(),
});
export type ConsoleMallItemListQuery = z.infer<typeof consoleMallItemListQuerySchema>;
export const consoleMallItemListResponseSchema = ok(z.object({ items: z.array(consoleMallItemSchema) }));
export const consoleMallItemResponseSchema = ok(consoleMallItemSchema);

export const consoleMallItemCreateSchema = z.object({
  name: threeLanguages(MALL_ITEM_NAME_MAX),
  description: threeLanguages(MALL_ITEM_DESCRIPTION_MAX, 0),
  costPoints: z.int().min(1).max(POINTS_MAX),
  value: z.int().min(1).max(MALL_ITEM_MAX_DAYS),
  stock: z.int().min(0).max(POINTS_MAX).nullable(),
  onSale: z.boolean(),
  sortOrder: z.int().min(-10_000).max(10_000).default(0),
});
export type ConsoleMallItemCreate = z.input<typeof consoleMallItemCreateSchema>;

export const consoleMallItemUpdateSchema = consoleMallItemCreateSchema
  .extend({ sortOrder: z.int().min(-10_000).max(10_000) })
  .partial()
  .refine((body) => Object.keys(body).length > 0, 'send at least one field to change');
export type ConsoleMallItemUpdate = z.infer<typeof consoleMallItemUpdateSchema>;

/** The tasks whose reward is one number; the check-in's follows the streak (checkInRewards). */
export const FIXED_REWARD_TASK_TYPES = TASK_TYPES.filter(
  (type): type is Exclude<(typeof TASK_TYPES)[number], 'dailyCheckIn'> => type !== 'dailyCheckIn',
);
export const fixedRewardTaskTypeSchema = z.enum(FIXED_REWARD_TASK_TYPES as [Exclude<(typeof TASK_TYPES)[number], 'dailyCheckIn'>, ...Exclude<(typeof TASK_TYPES)[number], 'dailyCheckIn'>[]]);
export type FixedRewardTaskType = z.infer<typeof fixedRewardTaskTypeSchema>;

/** Days of a streak with a reward of their own; later days pay the last. */
export const CHECK_IN_REWARD_DAYS = 7;
export const TASK_REWARD_MAX = 100_000;

export const consoleTaskRewardSchema = z.object({
  type: z.enum(TASK_TYPES),
  category: z.enum(['daily', 'newbie']),
  /** Steps to complete it. */
  target: z.int(),
  /** Points of a claim; for dailyCheckIn the first day's (see checkInRewards). */
  reward: z.int(),
  updatedAt: z.iso.datetime().nullable(),
});
export type ConsoleTaskReward = z.infer<typeof consoleTaskRewardSchema>;

export const consoleTaskRewardListSchema = z.object({
  items: z.array(consoleTaskRewardSchema),
  /** The check-in's points by day of the streak, day 1 first; from the last day on, the last. */
  checkInRewards: z.array(z.int()).length(CHECK_IN_REWARD_DAYS),
});
export type ConsoleTaskRewardList = z.infer<typeof consoleTaskRewardListSchema>;
export const consoleTaskRewardListResponseSchema = ok(consoleTaskRewardListSchema);

export const consoleTaskRewardParamsSchema = z.object({ taskType: fixedRewardTaskTypeSchema });
export const consoleTaskRewardUpdateSchema = z.object({ reward: z.int().min(1).max(TASK_REWARD_MAX) });
export type ConsoleTaskRewardUpdate = z.infer<typeof consoleTaskRewardUpdateSchema>;

export const consoleCheckInRewardsUpdateSchema = z.object({
  rewards: z.array(z.int().min(1).max(TASK_REWARD_MAX)).length(CHECK_IN_REWARD_DAYS),
});
export type ConsoleCheckInRewardsUpdate = z.infer<typeof consoleCheckInRewardsUpdateSchema>;

/** Paths under `/api/v1/console`. */
export const consolePointsPaths = {
  mallItems: () => '/points/mall-items',
  mallItem: (id: number) => `/points/mall-items/${id}`,
  taskRewards: () => '/points/task-rewards',
  taskReward: (type: FixedRewardTaskType) => `/points/task-rewards/${type}`,
  checkInRewards: () => '/points/check-in-rewards',
} as const;
