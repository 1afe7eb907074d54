import type { AnalyticsPeriod, Dashboard, DashboardFigures, DramaAnalyticsItem, DramaAnalyticsQuery, Funnel, OperatorRole, RecomputeBody } from '@drama/contracts';
import { writeAudit } from '../../platform/audit.js';
import { TtlCache } from '../../platform/cache.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type Actor, effectiveRole } from '../../platform/operators.js';
import { addDays, dayOf } from './days.js';
import { aggregateJob, AGGREGATE_CRON, runAggregation } from './job.js';
import * as queries from './queries.js';

type DramaAnalyticsPage = { items: DramaAnalyticsItem[]; total: number; page: number; limit: number; range: { from: string; to: string }; timeZone: string };

const MONEY_ROLES: readonly OperatorRole[] = ['owner', 'finance'];
const PERIOD_DAYS: Record<AnalyticsPeriod, number> = { today: 1, '7d': 7, '30d': 30 };
const SERIES_DAYS = 30;
const TOP_DRAMAS = 10;
/** At most this many days per recompute call (a longer range: several calls, or the job). */
export const RECOMPUTE_MAX_DAYS = 92;

/**
 * How long an answer is reused. The daily tables change only when the aggregation runs (every
 * ten minutes), which drops every reused answer on the instance that ran it; the rest (titles,
 * like and favourite counts, and another instance's run) is at most this old.
 */
export const ANSWER_REUSE_MS = 30_000;

const num = (value: unknown): number => Number(value ?? 0);
const ratio = (part: number, whole: number): number | null => (whole > 0 ? part / whole : null);

/**
 * The console's analytics: the dashboard, drama funnels and the drama list read the daily tables
 * only (a handful of rows per day), never the raw events. Their answers are the same for every
 * operator of a kind (money or not) until the next aggregation, so each is computed once and
 * reused, and a dashboard full of people reloading costs the database a few small reads.
 */
export class AnalyticsService {
  private readonly answers = new TtlCache<unknown>(ANSWER_REUSE_MS, 1_000);

  get rawDays(): number {
    return this.ctx.config.ANALYTICS_RAW_DAYS;
  }

  constructor(private readonly ctx: AppContext) {}

  /** Drops every reused answer: after an aggregation, and when the catalogue changes. */
  forget(): void {
    this.answers.clear();
  }

  private reused<T>(key: string, compute: () => Promise<T>): Promise<T> {
    return this.answers.getOrLoad(`${this.today()}:${key}`, compute) as Promise<T>;
  }

  async registerJobs(): Promise<void> {
    const job = aggregateJob(this.ctx, this.rawDays);
    await this.ctx.jobs.register({
      ...job,
      run: async (data, context) => {
        await job.run(data, context);
        this.forget();
      },
    });
    await this.ctx.jobs.schedule(job.name, AGGREGATE_CRON, { timeZone: this.ctx.config.APP_TIMEZONE });
  }

  private today(): string {
    return dayOf(this.ctx.clock(), this.ctx.config.APP_TIMEZONE);
  }

  private async computedAt(day: string): Promise<string | null> {
    const row = await queries.dayComputedAt(this.ctx.db, day);
    return row ? new Date(row.computed_at).toISOString() : null;
  }

  async dashboard(actor: Actor, period: AnalyticsPeriod): Promise<Dashboard> {
    const money = MONEY_ROLES.includes(effectiveRole(actor));
    return this.reused(`dashboard:${period}:${money}`, () => this.computeDashboard(money, period));
  }

  private async computeDashboard(money: boolean, period: AnalyticsPeriod): Promise<Dashboard> {
    const db = this.ctx.db;
    const length = PERIOD_DAYS[period];
    const to = this.today();
    const from = addDays(to, -(length - 1));
    const previousTo = addDays(from, -1);
    const previousFrom = addDays(previousTo, -(length - 1));
    const distinctColumn = length === 1 ? '' : length === 7 ? '_7d' : '_30d';

    const sumsQuery = queries.periodSums(db, { previousFrom, previousTo, from, to });
    const endsQuery = queries.periodEnds(db, [to, previousTo], distinctColumn);
    const figures = (prefix: 'cur' | 'prev', day: string): DashboardFigures => {
      const row = sums;
      const end = ends.find((candidate) => dayString(candidate.day) === day);
      const viewers = num(end?.viewers);
      const payers = num(end?.payers);
      return {
        newMembers: num(row[`${prefix}_new_members`]),
        activeViewers: viewers,
        plays: num(row[`${prefix}_plays`]),
        watchMinutes: Math.round(num(row[`${prefix}_watch_seconds`]) / 60),
        completions: num(row[`${prefix}_completions`]),
        paywallHits: num(row[`${prefix}_paywall_hits`]),
        checkIns: num(row[`${prefix}_check_ins`]),
        redeems: num(row[`${prefix}_redeems`]),
        activeVip: num(end?.active_vip),
        revenueFen: money ? num(row[`${prefix}_revenue_fen`]) : null,
        paidOrders: money ? num(row[`${prefix}_paid_orders`]) : null,
        refundsFen: money ? num(row[`${prefix}_refunds_fen`]) : null,
        refunds: money ? num(row[`${prefix}_refunds`]) : null,
        payingMembers: money ? payers : null,
        conversion: money ? ratio(payers, viewers) : null,
      };
    };

    const seriesFrom = addDays(to, -(SERIES_DAYS - 1));
    const seriesQuery = queries.dailySeries(db, seriesFrom, to);
    let revenueByChannel: Dashboard['revenueByChannel'] = null;
    let revenueByPlan: Dashboard['revenueByPlan'] = null;
    const channelsQuery = money ? queries.revenueByChannel(db, from, to) : Promise.resolve(null);
    const plansQuery = money ? queries.revenueByPlan(db, from, to) : Promise.resolve(null);
    const topQuery = queries.topDramas(db, from, to, TOP_DRAMAS);
    // Independent reads of small tables: in parallel, on as many pooled connections.
    const [sums, ends, seriesRows, channels, plans, top] = await Promise.all([sumsQuery, endsQuery, seriesQuery, channelsQuery, plansQuery, topQuery]);
    if (channels) revenueByChannel = channels.map((slice) => ({ key: slice.channel, label: null, revenueFen: num(slice.revenue), paidOrders: num(slice.orders) }));
    if (plans) revenueByPlan = plans.map((slice) => ({ key: slice.code ?? String(slice.plan_id), label: slice.name ?? null, revenueFen: num(slice.revenue), paidOrders: num(slice.orders) }));
    const byDay = new Map(seriesRows.map((point) => [dayString(point.day), point]));
    const series = Array.from({ length: SERIES_DAYS }, (_unused, index) => {
      const day = addDays(seriesFrom, index);
      const point = byDay.get(day);
      return {
        day,
        activeViewers: num(point?.active_viewers),
        plays: num(point?.plays),
        watchMinutes: Math.round(num(point?.watch_seconds) / 60),
        newMembers: num(point?.new_members),
        revenueFen: money ? num(point?.revenue_fen) : null,
      };
    });


    return {
      period,
      timeZone: this.ctx.config.APP_TIMEZONE,
      current: { from, to },
      previous: { from: previousFrom, to: previousTo },
      figures: figures('cur', to),
      previousFigures: figures('prev', previousTo),
      money,
      revenueByChannel,
      revenueByPlan,
      series,
      topDramas: top.map((drama) => ({
        dramaId: drama.drama_id,
        title: drama.title,
        plays: num(drama.plays),
        viewers: num(drama.viewers),
        watchMinutes: Math.round(num(drama.watch) / 60),
      })),
      computedAt: (() => {
        const end = ends.find((candidate) => dayString(candidate.day) === to);
        return end ? new Date(end.computed_at).toISOString() : null;
      })(),
    };
  }

  async funnel(dramaId: number, days: number): Promise<Funnel> {
    return this.reused(`funnel:${dramaId}:${days}`, () => this.computeFunnel(dramaId, days));
  }

  private async computeFunnel(dramaId: number, days: number): Promise<Funnel> {
    const db = this.ctx.db;
    const drama = await queries.funnelDrama(db, dramaId);
    if (!drama) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
    const to = this.today();
    const from = addDays(to, -(days - 1));
    const episodes = await queries.funnelEpisodes(db, dramaId, from, to);
    const totals = await queries.funnelTotals(db, dramaId, from, to);

    let previousViewers: number | null = null;
    const items = episodes.map((episode) => {
      const viewers = num(episode.viewers);
      const dropOff = previousViewers === null ? null : previousViewers > 0 ? Math.max(0, 1 - viewers / previousViewers) : 0;
      previousViewers = viewers;
      return {
        episodeId: episode.id,
        sequence: episode.sequence,
        isFree: episode.is_free,
        viewers,
        plays: num(episode.plays),
        completions: num(episode.completions),
        averageCompletion: ratio(num(episode.completion_sum), viewers) ?? 0,
        dropOff,
        paywallHits: num(episode.hits),
      };
    });
    const locked = episodes.find((episode) => !episode.is_free);
    return {
      drama: { id: drama.id, title: drama.title, episodeCount: drama.episode_count, freeEpisodeCount: drama.free_episode_count },
      timeZone: this.ctx.config.APP_TIMEZONE,
      range: { from, to },
      episodes: items,
      paywall: locked
        ? {
            episodeId: locked.id,
            sequence: locked.sequence,
            hits: num(locked.hits),
            members: num(locked.members),
            buyers: num(locked.buyers),
            conversion: ratio(num(locked.buyers), num(locked.members)),
          }
        : null,
      totals: {
        viewers: num(totals.viewers),
        plays: num(totals.plays),
        watchMinutes: Math.round(num(totals.watch) / 60),
        averageCompletion: ratio(num(totals.completion_sum), num(totals.episode_viewers)) ?? 0,
        likes: num(totals.likes),
        favorites: num(totals.favorites),
        likeCount: drama.like_count,
        favoriteCount: drama.favorite_count,
      },
      computedAt: await this.computedAt(to),
    };
  }

  async dramas(query: DramaAnalyticsQuery): Promise<DramaAnalyticsPage> {
    return this.reused(`dramas:${query.days}:${query.sort}:${query.order}:${query.page}:${query.limit}`, () => this.computeDramas(query));
  }

  private async computeDramas(query: DramaAnalyticsQuery): Promise<DramaAnalyticsPage> {
    const db = this.ctx.db;
    const to = this.today();
    const from = addDays(to, -(query.days - 1));
    const sort = (
      {
        viewers: 'viewers',
        plays: 'plays',
        watchMinutes: 'watch',
        averageCompletion: 'completion',
        paywallHits: 'hits',
        paywallConversion: 'conversion',
        likes: 'likes',
        favorites: 'favorites',
      } as const
    )[query.sort];
    const rows = await queries.dramaFiguresPage(db, { from, to, sort, ascending: query.order === 'asc', limit: query.limit, offset: (query.page - 1) * query.limit });
    let total = num(rows[0]?.total);
    if (rows.length === 0 && query.page > 1) total = await queries.countDramasOut(db);
    return {
      items: rows.map((row) => ({
        dramaId: row.id,
        title: row.title as Funnel['drama']['title'],
        episodeCount: row.episode_count,
        freeEpisodeCount: row.free_episode_count,
        viewers: num(row.viewers),
        plays: num(row.plays),
        watchMinutes: Math.round(num(row.watch) / 60),
        averageCompletion: num(row.completion),
        paywallHits: num(row.hits),
        paywallBuyers: num(row.buyers),
        paywallConversion: row.conversion === null || row.conversion === undefined ? null : num(row.conversion),
        likes: num(row.likes),
        favorites: num(row.favorites),
      })),
      total,
      page: query.page,
      limit: query.limit,
      range: { from, to },
      timeZone: this.ctx.config.APP_TIMEZONE,
    };
  }

  /** The owner's "recompute": the days given (default the last three), now, with an audit row. */
  async recompute(actor: Actor, body: RecomputeBody): Promise<{ days: string[]; prunedEvents: number }> {
    const today = this.today();
    const to = body.to ?? today;
    const from = body.from ?? addDays(to > today ? today : to, -2);
    if (addDays(from, RECOMPUTE_MAX_DAYS - 1) < (to > today ? today : to)) {
      throw new AppError('VALIDATION_FAILED', `Recompute at most ${RECOMPUTE_MAX_DAYS} days at a time`, [
        { in: 'body', path: 'from', message: `at most ${RECOMPUTE_MAX_DAYS} days before to` },
      ]);
    }
    const result = await runAggregation(this.ctx, this.rawDays, { from, to });
    this.forget();
    await writeAudit(this.ctx.db, actor, { action: 'analytics.recompute', targetType: 'analytics', targetId: null, after: { from, to: result.days.at(-1) ?? to, prunedEvents: result.prunedEvents } });
    return result;
  }
}

/** A date column as PostgreSQL or PGlite hand it back (a Date at UTC midnight, or a string). */
export function dayString(value: unknown): string {
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  return String(value).slice(0, 10);
}
