import type { ColumnType, Generated } from 'kysely';

/** Analytics tables (0016), declared by merging into the database's interface. */
export type AnalyticsEventKind = 'play' | 'progress' | 'complete' | 'paywall';

type DayColumn = ColumnType<string, string, string>;
type BigCount = ColumnType<string | number, number | undefined, number>;

export interface AnalyticsEventsTable {
  id: Generated<string>;
  kind: AnalyticsEventKind;
  user_id: number | null;
  drama_id: number;
  episode_id: number;
  seconds: Generated<number>;
  occurred_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnalyticsDailyTable {
  day: DayColumn;
  new_members: number;
  active_viewers: number;
  active_viewers_7d: number;
  active_viewers_30d: number;
  plays: number;
  watch_seconds: BigCount;
  completions: number;
  paywall_hits: number;
  revenue_fen: BigCount;
  paid_orders: number;
  /** Refunds the channels confirmed that day (revenue itself stays gross). */
  refunds_fen: BigCount;
  refunds: number;
  paying_members: number;
  paying_members_7d: number;
  paying_members_30d: number;
  active_vip: number;
  check_ins: number;
  redeems: number;
  computed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface AnalyticsDailyRevenueTable {
  day: DayColumn;
  channel: string;
  plan_id: number;
  revenue_fen: BigCount;
  paid_orders: number;
}

export interface AnalyticsDailyDramasTable {
  day: DayColumn;
  drama_id: number;
  viewers: number;
  plays: number;
  watch_seconds: BigCount;
  completions: number;
  episode_viewers: number;
  completion_sum: number;
  paywall_hits: number;
  paywall_buyers: number;
  likes: number;
  favorites: number;
}

export interface AnalyticsDailyEpisodesTable {
  day: DayColumn;
  drama_id: number;
  episode_id: number;
  viewers: number;
  plays: number;
  watch_seconds: BigCount;
  completions: number;
  completion_sum: number;
  paywall_hits: number;
  paywall_members: number;
  paywall_buyers: number;
}

declare module '../../db/schema.js' {
  interface Database {
    analytics_events: AnalyticsEventsTable;
    analytics_daily: AnalyticsDailyTable;
    analytics_daily_revenue: AnalyticsDailyRevenueTable;
    analytics_daily_dramas: AnalyticsDailyDramasTable;
    analytics_daily_episodes: AnalyticsDailyEpisodesTable;
  }
}
