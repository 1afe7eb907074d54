/**
 * Points, tasks, the points mall and redeem codes.
 *
 * The ledger holds one row per change of a member's points; users.points is its running sum,
 * updated in the same transaction and never below zero (the check on users.points, 0002).
 * A task is claimed at most once per period (the APP_TIMEZONE day for daily tasks, 'once' for
 * newbie tasks): the unique key of task_claims decides between racing claims. A redeem code is
 * used when used_at is set, which only an update guarded by `used_at is null` does.
 *
 * Times that decide a rule (ledger rows, claims, progress, code use, failed attempts) are
 * written by the service's clock, not by now(), so that day boundaries can be tested.
 */
export const statements = [
  // A member's invite code is made when first asked for; invited_by is set at sign-up.
  `alter table users add column invite_code text`,
  `alter table users add column invited_by integer references users(id) on delete set null`,
  `create unique index users_invite_code_key on users (invite_code) where invite_code is not null`,
  `create index users_invited_by_idx on users (invited_by) where invited_by is not null`,
  `create table points_records (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    type text not null check (type in (
      'task_reward', 'sign_in', 'watch', 'share', 'exchange', 'invite', 'admin', 'other', 'vip_exchange', 'redeem_code'
    )),
    amount integer not null check (amount <> 0),
    balance_after integer not null check (balance_after >= 0),
    note text,
    reference text,
    created_at timestamptz not null default now()
  )`,
  `create index points_records_user_idx on points_records (user_id, id desc)`,
  `create index points_records_user_type_idx on points_records (user_id, type, id desc)`,
  `create table task_claims (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    task_type text not null,
    -- The APP_TIMEZONE day (YYYY-MM-DD) of a daily task, 'once' for a newbie task.
    period text not null,
    -- For the check-in: the streak it made (1 after a missed day).
    streak integer check (streak is null or streak >= 1),
    points integer not null check (points >= 0),
    record_id integer references points_records(id) on delete set null,
    claimed_at timestamptz not null default now(),
    unique (user_id, task_type, period)
  )`,
  // Progress the server cannot see for itself (share, follow), reported by the client.
  `create table task_progress (
    user_id integer not null references users(id) on delete cascade,
    task_type text not null,
    period text not null,
    progress integer not null check (progress >= 0),
    updated_at timestamptz not null default now(),
    primary key (user_id, task_type, period)
  )`,
  `create table mall_items (
    id serial primary key,
    slug text not null unique,
    kind text not null check (kind in ('vip_days')),
    name jsonb not null,
    description jsonb not null,
    cost_points integer not null check (cost_points > 0),
    value integer not null check (value > 0),
    -- null: unlimited.
    stock integer check (stock is null or stock >= 0),
    sort_order integer not null default 0,
    is_active boolean not null default true,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create table redeem_codes (
    id serial primary key,
    -- As printed (groups joined by dashes); the dashes are separators, not part of the code.
    code text not null,
    type text not null check (type in ('vip_days', 'points')),
    value integer not null check (value > 0),
    expires_at timestamptz,
    used_by integer references users(id) on delete set null,
    used_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create unique index redeem_codes_key on redeem_codes ((replace(code, '-', '')))`,
  `create index redeem_codes_used_by_idx on redeem_codes (used_by, used_at desc, id desc) where used_by is not null`,
  // Failed redemptions of the last minutes, counted per member and per address against guessing.
  `create table redeem_failures (
    id serial primary key,
    user_id integer references users(id) on delete cascade,
    ip text,
    created_at timestamptz not null
  )`,
  `create index redeem_failures_user_idx on redeem_failures (user_id, created_at desc)`,
  `create index redeem_failures_ip_idx on redeem_failures (ip, created_at desc)`,
  `create index redeem_failures_created_idx on redeem_failures (created_at)`,
];
