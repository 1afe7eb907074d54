import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { addDays, dayStart } from './days.js';
import './tables.js';

/**
 * Rolls one calendar day (in `timeZone`) of raw events and of the business tables into the daily
 * tables: delete the day's rows, insert them again, in one transaction. Running it twice for a
 * day gives the same rows (only computed_at moves); running it for today again brings today's
 * row up to date.
 *
 * Definitions (the property test counts the raw events the same way):
 * - active viewers: distinct members with a play, progress or complete event;
 * - watch time: per member and episode, the furthest position reported that day, summed;
 * - completions: distinct members and episodes with a complete event;
 * - an episode's completion: per member, the furthest position ÷ the episode's length (at most 1);
 * - paywall buyers: distinct members with a hit that day who paid an order within a day after it;
 * - the 7 and 30 day counts of distinct members end with this day;
 * - active VIP: members whose VIP expires after the day's end (or after `now` for today).
 */
export async function aggregateDay(db: Db, day: string, timeZone: string, now: Date): Promise<void> {
  const start = dayStart(day, timeZone);
  const end = dayStart(addDays(day, 1), timeZone);
  const start7 = dayStart(addDays(day, -6), timeZone);
  const start30 = dayStart(addDays(day, -29), timeZone);
  const vipAt = end < now ? end : now;
  await db.transaction().execute(async (trx) => {
    for (const table of ['analytics_daily', 'analytics_daily_revenue', 'analytics_daily_dramas', 'analytics_daily_episodes'] as const) {
      await trx.deleteFrom(table).where('day', '=', day).execute();
    }

    // Per member and episode: what they did that day.
    const viewing = sql`
      select e.user_id, e.drama_id, e.episode_id,
        count(*) filter (where e.kind = 'play')::int as plays,
        coalesce(max(e.seconds) filter (where e.kind in ('progress', 'complete')), 0) as furthest,
        bool_or(e.kind = 'complete') as completed
      from analytics_events e
      where e.occurred_at >= ${start} and e.occurred_at < ${end}
        and e.kind in ('play', 'progress', 'complete') and e.user_id is not null
      group by e.user_id, e.drama_id, e.episode_id`;
    // Paywall hits, and whether the member paid an order within a day after their first hit of the episode.
    const hits = sql`
      select h.drama_id, h.episode_id, h.user_id, count(*)::int as hits,
        (h.user_id is not null and exists (
          select 1 from orders o where o.user_id = h.user_id and o.status = 'success'
            and o.paid_at >= min(h.occurred_at) and o.paid_at <= min(h.occurred_at) + interval '1 day')) as bought
      from analytics_events h
      where h.kind = 'paywall' and h.occurred_at >= ${start} and h.occurred_at < ${end}
      group by h.drama_id, h.episode_id, h.user_id`;

    await sql`
      insert into analytics_daily_episodes (day, drama_id, episode_id, viewers, plays, watch_seconds, completions, completion_sum,
        paywall_hits, paywall_members, paywall_buyers)
      select ${day}::date, k.drama_id, k.episode_id,
        coalesce(v.viewers, 0), coalesce(v.plays, 0), coalesce(v.watch_seconds, 0), coalesce(v.completions, 0), coalesce(v.completion_sum, 0),
        coalesce(p.hits, 0), coalesce(p.members, 0), coalesce(p.buyers, 0)
      from (
        select drama_id, episode_id from (${viewing}) a
        union select drama_id, episode_id from (${hits}) b
      ) k
      left join (
        select a.drama_id, a.episode_id, count(*)::int as viewers, sum(a.plays)::int as plays, sum(a.furthest)::bigint as watch_seconds,
          (count(*) filter (where a.completed))::int as completions,
          sum(case when ep.duration_seconds > 0 then least(1.0, a.furthest::float8 / ep.duration_seconds) else 0 end) as completion_sum
        from (${viewing}) a left join episodes ep on ep.id = a.episode_id
        group by a.drama_id, a.episode_id
      ) v on v.episode_id = k.episode_id
      left join (
        select b.drama_id, b.episode_id, sum(b.hits)::int as hits,
          (count(b.user_id))::int as members, (count(*) filter (where b.bought))::int as buyers
        from (${hits}) b group by b.drama_id, b.episode_id
      ) p on p.episode_id = k.episode_id`.execute(trx);

    await sql`
      insert into analytics_daily_dramas (day, drama_id, viewers, plays, watch_seconds, completions, episode_viewers, completion_sum,
        paywall_hits, paywall_buyers, likes, favorites)
      select ${day}::date, k.drama_id,
        coalesce(v.viewers, 0), coalesce(s.plays, 0), coalesce(s.watch_seconds, 0), coalesce(s.completions, 0),
        coalesce(s.episode_viewers, 0), coalesce(s.completion_sum, 0), coalesce(s.paywall_hits, 0), coalesce(b.buyers, 0),
        coalesce(l.likes, 0), coalesce(f.favorites, 0)
      from (
        select drama_id from analytics_daily_episodes where day = ${day}::date
        union select ep.drama_id from episode_likes el join episodes ep on ep.id = el.episode_id where el.created_at >= ${start} and el.created_at < ${end}
        union select drama_id from favorites where created_at >= ${start} and created_at < ${end}
      ) k
      left join (
        select drama_id, sum(viewers)::int as episode_viewers, sum(plays)::int as plays, sum(watch_seconds)::bigint as watch_seconds,
          sum(completions)::int as completions, sum(completion_sum) as completion_sum, sum(paywall_hits)::int as paywall_hits
        from analytics_daily_episodes where day = ${day}::date group by drama_id
      ) s on s.drama_id = k.drama_id
      left join (
        select a.drama_id, count(distinct a.user_id)::int as viewers from (${viewing}) a group by a.drama_id
      ) v on v.drama_id = k.drama_id
      left join (
        select b.drama_id, count(distinct b.user_id)::int as buyers from (${hits}) b where b.bought group by b.drama_id
      ) b on b.drama_id = k.drama_id
      left join (
        select ep.drama_id, count(*)::int as likes from episode_likes el join episodes ep on ep.id = el.episode_id
        where el.created_at >= ${start} and el.created_at < ${end} group by ep.drama_id
      ) l on l.drama_id = k.drama_id
      left join (
        select drama_id, count(*)::int as favorites from favorites where created_at >= ${start} and created_at < ${end} group by drama_id
      ) f on f.drama_id = k.drama_id`.execute(trx);

    await sql`
      insert into analytics_daily_revenue (day, channel, plan_id, revenue_fen, paid_orders)
      select ${day}::date, channel, plan_id, sum(amount_fen)::bigint, count(*)::int
      from orders where status = 'success' and paid_at >= ${start} and paid_at < ${end}
      group by channel, plan_id`.execute(trx);

    const viewers = (from: Date) => sql`(select count(distinct user_id)::int from analytics_events
      where occurred_at >= ${from} and occurred_at < ${end} and kind in ('play', 'progress', 'complete') and user_id is not null)`;
    const payers = (from: Date) => sql`(select count(distinct user_id)::int from orders
      where status = 'success' and paid_at >= ${from} and paid_at < ${end})`;
    await sql`
      insert into analytics_daily (day, new_members, active_viewers, active_viewers_7d, active_viewers_30d, plays, watch_seconds,
        completions, paywall_hits, revenue_fen, paid_orders, refunds_fen, refunds, paying_members, paying_members_7d, paying_members_30d, active_vip,
        check_ins, redeems, computed_at)
      select ${day}::date,
        (select count(*)::int from users where created_at >= ${start} and created_at < ${end}),
        ${viewers(start)}, ${viewers(start7)}, ${viewers(start30)},
        (select count(*)::int from analytics_events where kind = 'play' and occurred_at >= ${start} and occurred_at < ${end}),
        (select coalesce(sum(watch_seconds), 0)::bigint from analytics_daily_episodes where day = ${day}::date),
        (select coalesce(sum(completions), 0)::int from analytics_daily_episodes where day = ${day}::date),
        (select count(*)::int from analytics_events where kind = 'paywall' and occurred_at >= ${start} and occurred_at < ${end}),
        (select coalesce(sum(revenue_fen), 0)::bigint from analytics_daily_revenue where day = ${day}::date),
        (select coalesce(sum(paid_orders), 0)::int from analytics_daily_revenue where day = ${day}::date),
        (select coalesce(sum(amount_fen), 0)::bigint from refunds where status = 'succeeded' and completed_at >= ${start} and completed_at < ${end}),
        (select count(*)::int from refunds where status = 'succeeded' and completed_at >= ${start} and completed_at < ${end}),
        ${payers(start)}, ${payers(start7)}, ${payers(start30)},
        (select count(*)::int from users where vip_level > 0 and vip_expire_time > ${vipAt} and created_at < ${end}),
        (select count(*)::int from task_claims where task_type = 'dailyCheckIn' and claimed_at >= ${start} and claimed_at < ${end}),
        (select count(*)::int from redeem_codes where used_at >= ${start} and used_at < ${end}),
        ${now}`.execute(trx);
  });
}

/** Deletes raw events older than `keepDays` days before `now`; returns how many went. */
export async function pruneEvents(db: Db, keepDays: number, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - keepDays * 86_400_000);
  const result = await db.deleteFrom('analytics_events').where('occurred_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
