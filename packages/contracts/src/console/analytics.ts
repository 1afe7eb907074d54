import { z } from 'zod';
import { ok, paged } from '../envelope.js';
import { localizedTextSchema } from '../locale-schemas.js';

/**
 * The console's analytics (`/api/v1/console/analytics/...`). Every figure is read from daily
 * tables (calendar days in the server's APP_TIMEZONE, named in each answer); today's row is
 * recomputed every few minutes by the aggregation job, and `computedAt` says when.
 *
 * - dashboard: every role; money figures (revenue, paying members, conversion) only for finance
 *   and the owner, null for the others.
 * - funnels and the drama list: content (and the owner).
 * - recompute: the owner.
 */

const day = z.iso.date();

export const ANALYTICS_PERIODS = ['today', '7d', '30d'] as const;
export const analyticsPeriodSchema = z.enum(ANALYTICS_PERIODS);
export type AnalyticsPeriod = z.infer<typeof analyticsPeriodSchema>;

export const dashboardQuerySchema = z.object({ period: analyticsPeriodSchema.default('7d') });
export type DashboardQuery = z.infer<typeof dashboardQuerySchema>;

/** A period's figures. Money figures are null for roles that may not see money. */
export const dashboardFiguresSchema = z.object({
  newMembers: z.int(),
  /** Distinct members who started or watched an episode in the period. */
  activeViewers: z.int(),
  plays: z.int(),
  watchMinutes: z.int(),
  completions: z.int(),
  paywallHits: z.int(),
  checkIns: z.int(),
  redeems: z.int(),
  /** Members whose VIP was active at the end of the period's last day (today: now). */
  activeVip: z.int(),
  /** Gross: paid orders on the day they were paid, refunded later or not. */
  revenueFen: z.int().nullable(),
  paidOrders: z.int().nullable(),
  /** Refunds the channels confirmed in the period (net revenue = revenueFen − refundsFen). */
  refundsFen: z.int().nullable(),
  refunds: z.int().nullable(),
  /** Distinct members with a paid order in the period. */
  payingMembers: z.int().nullable(),
  /** payingMembers ÷ activeViewers (0 to 1), null without viewers or for roles without money. */
  conversion: z.number().nullable(),
});
export type DashboardFigures = z.infer<typeof dashboardFiguresSchema>;

export const periodRangeSchema = z.object({ from: day, to: day });

export const revenueSliceSchema = z.object({ key: z.string(), label: localizedTextSchema.nullable(), revenueFen: z.int(), paidOrders: z.int() });
export type RevenueSlice = z.infer<typeof revenueSliceSchema>;

export const dashboardSeriesPointSchema = z.object({
  day,
  activeViewers: z.int(),
  plays: z.int(),
  watchMinutes: z.int(),
  newMembers: z.int(),
  revenueFen: z.int().nullable(),
});
export type DashboardSeriesPoint = z.infer<typeof dashboardSeriesPointSchema>;

export const topDramaSchema = z.object({
  dramaId: z.int(),
  title: localizedTextSchema,
  plays: z.int(),
  viewers: z.int(),
  watchMinutes: z.int(),
});
export type TopDrama = z.infer<typeof topDramaSchema>;

export const dashboardSchema = z.object({
  period: analyticsPeriodSchema,
  timeZone: z.string(),
  current: periodRangeSchema,
  previous: periodRangeSchema,
  figures: dashboardFiguresSchema,
  previousFigures: dashboardFiguresSchema,
  /** Whether the caller's role sees money (finance, owner). */
  money: z.boolean(),
  revenueByChannel: z.array(revenueSliceSchema).nullable(),
  revenueByPlan: z.array(revenueSliceSchema).nullable(),
  /** The last 30 days, oldest first, whatever the period. */
  series: z.array(dashboardSeriesPointSchema),
  topDramas: z.array(topDramaSchema),
  /** When today's row was last computed (null before the first run). */
  computedAt: z.iso.datetime().nullable(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = ok(dashboardSchema);

export const FUNNEL_DAYS = [7, 30, 90] as const;
export const funnelDaysSchema = z.coerce
  .number()
  .int()
  .refine((value) => (FUNNEL_DAYS as readonly number[]).includes(value), 'one of 7, 30, 90')
  .default(30);

export const funnelQuerySchema = z.object({ days: funnelDaysSchema });
export type FunnelQuery = z.infer<typeof funnelQuerySchema>;

export const funnelEpisodeSchema = z.object({
  episodeId: z.int(),
  sequence: z.int(),
  isFree: z.boolean(),
  /** Member-days: distinct members who watched the episode, summed over the period's days. */
  viewers: z.int(),
  plays: z.int(),
  completions: z.int(),
  /** Average of how far each viewer got (0 to 1). */
  averageCompletion: z.number(),
  /** Share of the previous episode's viewers who did not watch this one (0 to 1; null for the first). */
  dropOff: z.number().nullable(),
  paywallHits: z.int(),
});
export type FunnelEpisode = z.infer<typeof funnelEpisodeSchema>;

export const funnelSchema = z.object({
  drama: z.object({ id: z.int(), title: localizedTextSchema, episodeCount: z.int(), freeEpisodeCount: z.int() }),
  timeZone: z.string(),
  range: periodRangeSchema,
  episodes: z.array(funnelEpisodeSchema),
  /** The first locked episode: its hits, the members behind them, and those who paid within a day of their hit. */
  paywall: z
    .object({ episodeId: z.int(), sequence: z.int(), hits: z.int(), members: z.int(), buyers: z.int(), conversion: z.number().nullable() })
    .nullable(),
  totals: z.object({
    viewers: z.int(),
    plays: z.int(),
    watchMinutes: z.int(),
    averageCompletion: z.number(),
    /** New in the period. */
    likes: z.int(),
    favorites: z.int(),
    /** All time (the drama's counters). */
    likeCount: z.int(),
    favoriteCount: z.int(),
  }),
  computedAt: z.iso.datetime().nullable(),
});
export type Funnel = z.infer<typeof funnelSchema>;
export const funnelResponseSchema = ok(funnelSchema);

export const DRAMA_ANALYTICS_SORTS = ['viewers', 'plays', 'watchMinutes', 'averageCompletion', 'paywallHits', 'paywallConversion', 'likes', 'favorites'] as const;
export const dramaAnalyticsSortSchema = z.enum(DRAMA_ANALYTICS_SORTS);
export type DramaAnalyticsSort = z.infer<typeof dramaAnalyticsSortSchema>;

export const dramaAnalyticsQuerySchema = z.object({
  days: funnelDaysSchema,
  sort: dramaAnalyticsSortSchema.default('viewers'),
  order: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export type DramaAnalyticsQuery = z.infer<typeof dramaAnalyticsQuerySchema>;

export const dramaAnalyticsItemSchema = z.object({
  dramaId: z.int(),
  title: localizedTextSchema,
  episodeCount: z.int(),
  freeEpisodeCount: z.int(),
  viewers: z.int(),
  plays: z.int(),
  watchMinutes: z.int(),
  averageCompletion: z.number(),
  paywallHits: z.int(),
  paywallBuyers: z.int(),
  paywallConversion: z.number().nullable(),
  likes: z.int(),
  favorites: z.int(),
});
export type DramaAnalyticsItem = z.infer<typeof dramaAnalyticsItemSchema>;
export const dramaAnalyticsListResponseSchema = ok(paged(dramaAnalyticsItemSchema).extend({ range: periodRangeSchema, timeZone: z.string() }));

export const recomputeBodySchema = z
  .object({ from: day.optional(), to: day.optional() })
  .refine((body) => !body.from || !body.to || body.from <= body.to, 'from must not be after to');
export type RecomputeBody = z.infer<typeof recomputeBodySchema>;
export const recomputeResponseSchema = ok(z.object({ days: z.array(day), prunedEvents: z.int() }));

export const analyticsPaths = {
  dashboard: () => '/analytics/dashboard',
  dramas: () => '/analytics/dramas',
  funnel: (dramaId: number) => `/analytics/dramas/${dramaId}/funnel`,
  recompute: () => '/analytics/recompute',
};
