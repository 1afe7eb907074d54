import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './tables.js';

/*
 * The analytics' reads: the daily tables the aggregation job writes (aggregate-queries.ts), summed over
 * a period for the dashboard, a drama's funnel and the dramas' list.
 */

/** When a day's figures were computed, or undefined before the first aggregation of it. */
export function dayComputedAt(db: Db, day: string) {
  return db.selectFrom('analytics_daily').select('computed_at').where('day', '=', day).executeTakeFirst();
}

const SUMMED = ['new_members', 'plays', 'watch_seconds', 'completions', 'paywall_hits', 'check_ins', 'redeems', 'revenue_fen', 'paid_orders', 'refunds_fen', 'refunds'];

/** Each figure summed over the current period (`cur_…`, from `from`) and the one before (`prev_…`, up to `previousTo`). */
export async function periodSums(db: Db, range: { previousFrom: string; previousTo: string; from: string; to: string }): Promise<Record<string, unknown>> {
  const { previousFrom, previousTo, from, to } = range;
  const result = await sql<Record<string, unknown>>`
      select ${sql.raw(SUMMED
        .flatMap((column) => [
          `coalesce(sum(${column}) filter (where day >= '${from}'), 0) as cur_${column}`,
          `coalesce(sum(${column}) filter (where day <= '${previousTo}'), 0) as prev_${column}`,
        ])
        .join(', '))}
      from analytics_daily where day between ${previousFrom}::date and ${to}::date`.execute(db);
  return result.rows[0] ?? {};
}

/**
 * The counts that are distinct over a period (viewers, paying members) as of its last day, kept
 * per day for 1, 7 and 30 days (`distinctColumn` '', '_7d' or '_30d'), with the VIP count.
 */
export function periodEnds(db: Db, days: string[], distinctColumn: '' | '_7d' | '_30d') {
  return db
    .selectFrom('analytics_daily')
    .select(['day', sql<number>`${sql.ref(`active_viewers${distinctColumn}`)}`.as('viewers'), sql<number>`${sql.ref(`paying_members${distinctColumn}`)}`.as('payers'), 'active_vip', 'computed_at'])
    .where('day', 'in', days)
    .execute();
}

export function dailySeries(db: Db, from: string, to: string) {
  return db
    .selectFrom('analytics_daily')
    .select(['day', 'active_viewers', 'plays', 'watch_seconds', 'new_members', 'revenue_fen'])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .orderBy('day')
    .execute();
}

export function revenueByChannel(db: Db, from: string, to: string) {
  return db
    .selectFrom('analytics_daily_revenue')
    .select(['channel', sql<string>`sum(revenue_fen)`.as('revenue'), sql<string>`sum(paid_orders)`.as('orders')])
    .where('day', '>=', from)
    .where('day', '<=', to)
    .groupBy('channel')
    .orderBy('revenue', 'desc')
    .execute();
}

export function revenueByPlan(db: Db, from: string, to: string) {
  return db
    .selectFrom('analytics_daily_revenue as r')
    .leftJoin('membership_plans as p', 'p.id', 'r.plan_id')
    .select(['r.plan_id', 'p.code', 'p.name', sql<string>`sum(r.revenue_fen)`.as('revenue'), sql<string>`sum(r.paid_orders)`.as('orders')])
    .where('r.day', '>=', from)
    .where('r.day', '<=', to)
    .groupBy(['r.plan_id', 'p.code', 'p.name'])
    .orderBy('revenue', 'desc')
    .execute();
}

export function topDramas(db: Db, from: string, to: string, limit: number) {
  return db
    .selectFrom('analytics_daily_dramas as a')
    .innerJoin('dramas as d', 'd.id', 'a.drama_id')
    .select(['a.drama_id', 'd.title', sql<string>`sum(a.plays)`.as('plays'), sql<string>`sum(a.viewers)`.as('viewers'), sql<string>`sum(a.watch_seconds)`.as('watch')])
    .where('a.day', '>=', from)
    .where('a.day', '<=', to)
    .groupBy(['a.drama_id', 'd.title'])
    .orderBy('plays', 'desc')
    .orderBy('a.drama_id')
    .limit(limit)
    .execute();
}

/** The drama as the funnel names it, with its all-time likes and favourites. */
export function funnelDrama(db: Db, dramaId: number) {
  return db.selectFrom('dramas').select(['id', 'title', 'episode_count', 'free_episode_count', 'like_count', 'favorite_count']).where('id', '=', dramaId).executeTakeFirst();
}

/** Every episode of the drama in order, with its figures summed over the days (null without any). */
export function funnelEpisodes(db: Db, dramaId: number, from: string, to: string) {
  return db
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
}

/** The drama's figures summed over the days. */
export function funnelTotals(db: Db, dramaId: number, from: string, to: string) {
  return db
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
}

/** The columns the dramas' list sorts by, by the name its query gives them. */
export type DramaFigureColumn = 'viewers' | 'plays' | 'watch' | 'completion' | 'hits' | 'conversion' | 'likes' | 'favorites';

/** A page of the dramas that are out (not drafts), each with its figures summed over the days. */
export async function dramaFiguresPage(
  db: Db,
  options: { from: string; to: string; sort: DramaFigureColumn; ascending: boolean; limit: number; offset: number },
) {
  const { from, to, sort, limit, offset } = options;
  const direction = options.ascending ? sql`asc nulls first` : sql`desc nulls last`;
  const result = await sql<Record<string, unknown> & { id: number; title: unknown; episode_count: number; free_episode_count: number; total: string }>`
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
      order by ${sql.raw(sort)} ${direction}, d.id
      limit ${limit} offset ${offset}`.execute(db);
  return result.rows;
}

/** How many dramas are out (not drafts). */
export async function countDramasOut(db: Db): Promise<number> {
  const row = await db.selectFrom('dramas').select((eb) => eb.fn.countAll().as('n')).where('status', '<>', 'draft').executeTakeFirst();
  return Number(row?.n ?? 0);
}
