/**
 * The console's members screens.
 *
 * - member_adjustments: every grant or deduction of VIP days or points made from the console,
 *   with its reason and the idempotency key the console sent (unique: a retried or doubled
 *   request applies once). Points changes also land in points_records (the member's ledger);
 *   this table is the member's history of operators' VIP changes, which had no record but the
 *   audit log.
 * - Search indexes on users, so that finding a member never scans the table: trigram indexes
 *   for a part of a name (three characters or more), and text_pattern_ops indexes for the start
 *   of a name, an e-mail or a phone. Exact ids, e-mails and phones use the existing keys.
 */
export const statements = [
  `create table member_adjustments (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    kind text not null check (kind in ('vip_days', 'points')),
    amount integer not null check (amount <> 0),
    reason text not null,
    idempotency_key text not null,
    before text,
    after text,
    points_record_id integer references points_records (id) on delete set null,
    operator_id integer,
    operator_username text not null,
    created_at timestamptz not null default now()
  )`,
  `create unique index member_adjustments_key on member_adjustments (idempotency_key)`,
  `create index member_adjustments_user_idx on member_adjustments (user_id, id desc)`,
  `create index member_adjustments_user_kind_idx on member_adjustments (user_id, kind, id desc)`,
  `create index users_username_trgm_idx on users using gin (lower(username) gin_trgm_ops)`,
  `create index users_nickname_trgm_idx on users using gin (lower(nickname) gin_trgm_ops) where nickname is not null`,
  `create index users_username_prefix_idx on users (lower(username) text_pattern_ops)`,
  `create index users_nickname_prefix_idx on users (lower(nickname) text_pattern_ops) where nickname is not null`,
  `create index users_email_prefix_idx on users (lower(email) text_pattern_ops) where email is not null`,
  `create index users_phone_prefix_idx on users (phone text_pattern_ops) where phone is not null`,
];
