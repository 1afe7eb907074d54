/**
 * Analytics: raw events the server learns as viewers watch (kept ANALYTICS_RAW_DAYS days), and
 * the daily tables the console's dashboard and funnels read. Days are calendar days in
 * APP_TIMEZONE, written as dates; the aggregation job recomputes a day and replaces its rows, so
 * running it again for the same day changes nothing.
 *
 * Purchases, check-ins and redeems are not copied into events: the daily job reads them from their
 * own tables (orders.paid_at, task_claims, redeem_codes.used_at).
 */
export const statements = [
  // kind: play (an episode started), progress (a position report), complete (a position report at
  // the end of the episode), paywall (a locked episode refused). user_id is null for a guest's
  // paywall hit; seconds is the reported position for progress and complete.
  `create table analytics_events (
    id bigserial primary key,
    kind text not null check (kind in ('play', 'progress', 'complete', 'paywall')),
    user_id integer,
    drama_id integer not null,
    episode_id integer not null,
    seconds integer not null default 0 check (seconds >= 0),
    occurred_at timestamptz not null default now()
  )`,
  `create index analytics_events_time_idx on analytics_events (occurred_at)`,
  // The figures of a whole day.
  `create table analytics_daily (
    day date primary key,
    new_members integer not null default 0,
    active_viewers integer not null default 0,
    active_viewers_7d integer not null default 0,
    active_viewers_30d integer not null default 0,
    plays integer not null default 0,
    watch_seconds bigint not null default 0,
    completions integer not null default 0,
    paywall_hits integer not null default 0,
    revenue_fen bigint not null default 0,
    paid_orders integer not null default 0,
    paying_members integer not null default 0,
    paying_members_7d integer not null default 0,
    paying_members_30d integer not null default 0,
    active_vip integer not null default 0,
    check_ins integer not null default 0,
    redeems integer not null default 0,
    computed_at timestamptz not null default now()
  )`,
  // Revenue of a day by channel and plan.
  `create table analytics_daily_revenue (
    day date not null,
    channel text not null,
    plan_id integer not null,
    revenue_fen bigint not null default 0,
    paid_orders integer not null default 0,
    primary key (day, channel, plan_id)
  )`,
  // A drama's day: distinct viewers, plays, watch time, new likes and favourites.
  `create table analytics_daily_dramas (
    day date not null,
    drama_id integer not null,
    viewers integer not null default 0,
    plays integer not null default 0,
    watch_seconds bigint not null default 0,
    completions integer not null default 0,
    -- Summed from the drama's episodes: members per episode, and how far they got (see below).
    episode_viewers integer not null default 0,
    completion_sum double precision not null default 0,
    paywall_hits integer not null default 0,
    paywall_buyers integer not null default 0,
    likes integer not null default 0,
    favorites integer not null default 0,
    primary key (day, drama_id)
  )`,
  `create index analytics_daily_dramas_drama_idx on analytics_daily_dramas (drama_id, day)`,
  // An episode's day, for the funnel: viewers (distinct members who started it), how far they got
  // (completion_sum: the sum over viewers of the furthest fraction reached, at most 1), paywall
  // hits and the members behind them, and how many of those paid an order within a day of the hit.
  `create table analytics_daily_episodes (
    day date not null,
    drama_id integer not null,
    episode_id integer not null,
    viewers integer not null default 0,
    plays integer not null default 0,
    watch_seconds bigint not null default 0,
    completions integer not null default 0,
    completion_sum double precision not null default 0,
    paywall_hits integer not null default 0,
    paywall_members integer not null default 0,
    paywall_buyers integer not null default 0,
    primary key (day, episode_id)
  )`,
  `create index analytics_daily_episodes_drama_idx on analytics_daily_episodes (drama_id, day)`,
];
