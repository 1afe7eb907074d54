import type { AnalyticsPeriod, Dashboard, DashboardFigures, DramaAnalyticsItem, DramaAnalyticsQuery, Funnel, OperatorRole, RecomputeBody } from '@drama/contracts';
import { sql } from 'kysely';
import { writeAudit } from '../../platform/audit.js';
import { TtlCache } from '../../platform/cache.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { type Actor, effectiveRole } from '../../platform/operators.js';
import { addDays, dayOf } from './days.js';
import { aggregateJob, AGGREGATE_CRON, runAggregation } from './job.js';
import './tables.js';

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
    const row = await this.ctx.db.selectFrom('analytics_daily').select('computed_at').where('day', '=', day).executeTakeFirst();
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
    const distinctColumn = length === 1 ? '' : `_${length}d`;

    const sumsQuery = sql<Record<string, unknown>>`
      select ${sql.raw(['new_members', 'plays', 'watch_seconds', 'completions', 'paywall_hits', 'check_ins', 'redeems', 'revenue_fen', 'paid_orders', 'refunds_fen', 'refunds']
        .flatMap((column) => [
          `coalesce(sum(${column}) filter (where day >= '${from}'), 0) as cur_${column}`,
          `coalesce(sum(${column}) filter (where day <= '${previousTo}'), 0) as prev_${column}`,
        ])
        .join(', '))}
      from analytics_daily where day between ${previousFrom}::date and ${to}::date`.execute(db);
    const endsQuery = db
      .selectFrom('analytics_daily')
      .select(['day', sql<number>`${sql.ref(`active_viewers${distinctColumn}`)}`.as('viewers'), sql<number>`${sql.ref(`paying_members${distinctColumn}`)}`.as('payers'), 'active_vip', 'computed_at'])
      .where('day', 'in', [to, previousTo])
      .execute();
    const figures = (prefix: 'cur' | 'prev', day: string): DashboardFigures => {
      const row = sums.rows[0] ?? {};
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
    const seriesQuery = db
      .selectFrom('analytics_daily')
      .select(['day', 'active_viewers', 'plays', 'watch_seconds', 'new_members', 'revenue_fen'])
      .where('day', '>=', seriesFrom)
      .where('day', '<=', to)
      .orderBy('day')
      .execute();
    let revenueByChannel: Dashboard['revenueByChannel'] = null;
    let revenueByPlan: Dashboard['revenueByPlan'] = null;
    const channelsQuery = money
      ? db
        .selectFrom('analytics_daily_revenue')
        .select(['channel', sql<string>`sum(revenue_fen)`.as('revenue'), sql<string>`sum(paid_orders)`.as('orders')])
        .where('day', '>=', from)
        .where('day', '<=', to)
        .groupBy('channel')
        .orderBy('revenue', 'desc')
        .execute()
      : Promise.resolve(null);
    const plansQuery = money
      ? db
        .selectFrom('analytics_daily_revenue as r')
        .leftJoin('membership_plans as p', 'p.id', 'r.plan_id')
        .select(['r.plan_id', 'p.code', 'p.name', sql<string>`sum(r.revenue_fen)`.as('revenue'), sql<string>`sum(r.paid_orders)`.as('orders')])
        .where('r.day', '>=', from)
        .where('r.day', '<=', to)
        .groupBy(['r.plan_id', 'p.code', 'p.name'])
        .orderBy('revenue', 'desc')
        .execute()
      : Promise.resolve(null);

    const topQuery = db
      .selectFrom('analytics_daily_dramas as a')
      .innerJoin('dramas as d', 'd.id', 'a.drama_id')
      .select(['a.drama_id', 'd.title', sql<string>`sum(a.plays)`.as('plays'), sql<string>`sum(a.viewers)`.as('viewers'), sql<string>`sum(a.watch_seconds)`.as('watch')])
      .where('a.day', '>=', from)
      .where('a.day', '<=', to)
      .groupBy(['a.drama_id', 'd.title'])
      .orderBy('plays', 'desc')
      .orderBy('a.drama_id')
      .limit(TOP_DRAMAS)
      .execute();
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
    const drama = await db.selectFrom('dramas').select(['id', 'title', 'episode_count', 'free_episode_count', 'like_count', 'favorite_count']).where('id', '=', dramaId).executeTakeFirst();
    if (!drama) throw new AppError('DRAMA_NOT_FOUND', `Drama ${dramaId} not found`);
    const to = this.today();
    const from = addDays(to, -(days - 1));
    const episodes = await db
      .selectFrom('episodes as e')
      .leftJoin(
        (eb) =>
          eb
            .selectFrom('analytics_daily_episodes')
            .select([
              'episode_id',
              sql<string>`sum(viewers)`.as('viewers'),
              sql<string>`sum(plays)`.as('plays'),
              sql<string>`sum(completions)`.as('completions'),
              sql<number>`sum(completion_sum)`.as('completion_sum'),
              sql<string>`sum(paywall_hits)`.as('hits'),
              sql<string>`sum(paywall_members)`.as('members'),
              sql<string>`sum(paywall_buyers)`.as('buyers'),
            ])
            .where('drama_id', '=', dramaId)
            .where('day', '>=', from)
            .where('day', '<=', to)
            .groupBy('episode_id')
            .as('a'),
        (join) => join.onRef('a.episode_id', '=', 'e.id'),
      )
      .select(['e.id', 'e.sequence', 'e.is_free', 'a.viewers', 'a.plays', 'a.completions', 'a.completion_sum', 'a.hits', 'a.members', 'a.buyers'])
      .where('e.drama_id', '=', dramaId)
      .orderBy('e.sequence')
      .execute();
    const totals = await db
      .selectFrom('analytics_daily_dramas')
      .select([
        sql<string>`coalesce(sum(viewers), 0)`.as('viewers'),
        sql<string>`coalesce(sum(plays), 0)`.as('plays'),
        sql<string>`coalesce(sum(watch_seconds), 0)`.as('watch'),
        sql<string>`coalesce(sum(episode_viewers), 0)`.as('episode_viewers'),
        sql<number>`coalesce(sum(completion_sum), 0)`.as('completion_sum'),
        sql<string>`coalesce(sum(likes), 0)`.as('likes'),
        sql<string>`coalesce(sum(favorites), 0)`.as('favorites'),
      ])
      .where('drama_id', '=', dramaId)
      .where('day', '>=', from)
      .where('day', '<=', to)
      .executeTakeFirstOrThrow();

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
    const sortExpression = {
      viewers: 'viewers',
      plays: 'plays',
      watchMinutes: 'watch',
      averageCompletion: 'completion',
      paywallHits: 'hits',
      paywallConversion: 'conversion',
      likes: 'likes',
      favorites: 'favorites',
    }[query.sort];
    const direction = query.order === 'asc' ? sql`asc nulls first` : sql`desc nulls last`;
    const rows = await sql<Record<string, unknown> & { id: number; title: Funnel['drama']['title']; episode_count: number; free_episode_count: number; total: string }>`
      select d.id, d.title, d.episode_count, d.free_episode_count, count(*) over () as total,
        coalesce(a.viewers, 0) as viewers, coalesce(a.plays, 0) as plays, coalesce(a.watch, 0) as watch,
        coalesce(a.completion, 0) as completion, coalesce(a.hits, 0) as hits, coalesce(a.buyers, 0) as buyers,
        a.conversion, coalesce(a.likes, 0) as likes, coalesce(a.favorites, 0) as favorites
      from dramas d
      left join (
        select drama_id, sum(viewers) as viewers, sum(plays) as plays, sum(watch_seconds) as watch,
          case when sum(episode_viewers) > 0 then sum(completion_sum) / sum(episode_viewers) else 0 end as completion,
          sum(paywall_hits) as hits, sum(paywall_buyers) as buyers,
          case when sum(paywall_hits) > 0 then sum(paywall_buyers)::float8 / sum(paywall_hits) end as conversion,
          sum(likes) as likes, sum(favorites) as favorites
        from analytics_daily_dramas where day between ${from}::date and ${to}::date group by drama_id
      ) a on a.drama_id = d.id
      where d.status <> 'draft'
      order by ${sql.raw(sortExpression)} ${direction}, d.id
      limit ${query.limit} offset ${(query.page - 1) * query.limit}`.execute(db);
    let total = num(rows.rows[0]?.total);
    if (rows.rows.length === 0 && query.page > 1) {
      total = num((await db.selectFrom('dramas').select((eb) => eb.fn.countAll().as('n')).where('status', '<>', 'draft').executeTakeFirst())?.n);
    }
    return {
      items: rows.rows.map((row) => ({
        dramaId: row.id,
        title: row.title,
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
