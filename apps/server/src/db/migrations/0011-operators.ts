/**
 * The operators' console: operator accounts, their sessions and API tokens, and the audit log.
 *
 * Operators are not members: their own table, their own sessions (a cookie, not a bearer JWT),
 * so that nothing a member can do reaches the console. operator_sessions keeps only the hash of
 * the cookie's value and the CSRF secret it must be sent with; last_seen_at moves on each call
 * and decides idle expiry. setup_token_hash is the one-time link an operator chooses a password
 * with. totp_last_step refuses a code used once already (replay within its 30 s window).
 *
 * console_settings holds the console's own switches (two-factor required for everyone), apart
 * from the viewers' system settings.
 *
 * audit_log is append-only: a trigger refuses UPDATE and DELETE, so a change made through the
 * console cannot be hidden afterwards by the same database role. Its rows keep the username and
 * role at the time, and nothing references operators, so disabling one keeps the history.
 */
export const statements = [
  `create table operators (
    id serial primary key,
    username text not null,
    password_hash text,
    role text not null check (role in ('owner', 'content', 'support', 'finance')),
    status text not null default 'active' check (status in ('active', 'disabled')),
    totp_secret text,
    totp_enabled boolean not null default false,
    totp_last_step bigint,
    setup_token_hash text,
    setup_expires_at timestamptz,
    failed_sign_ins integer not null default 0,
    locked_until timestamptz,
    session_version integer not null default 0,
    last_sign_in_at timestamptz,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index operators_username_key on operators (username)`,
  `create unique index operators_setup_token_key on operators (setup_token_hash) where setup_token_hash is not null`,
  `create table operator_sessions (
    id serial primary key,
    operator_id integer not null references operators(id) on delete cascade,
    token_hash text not null,
    csrf_token text not null,
    session_version integer not null,
    totp_setup_only boolean not null default false,
    ip text,
    user_agent text,
    created_at timestamptz not null default now(),
    last_seen_at timestamptz not null default now(),
    expires_at timestamptz not null
  )`,
  `create unique index operator_sessions_token_key on operator_sessions (token_hash)`,
  `create index operator_sessions_operator_idx on operator_sessions (operator_id)`,
  `create table operator_api_tokens (
    id serial primary key,
    operator_id integer not null references operators(id) on delete cascade,
    name text not null,
    role text not null check (role in ('owner', 'content', 'support', 'finance')),
    token_hash text not null,
    prefix text not null,
    created_at timestamptz not null default now(),
    last_used_at timestamptz,
    revoked_at timestamptz
  )`,
  `create unique index operator_api_tokens_hash_key on operator_api_tokens (token_hash)`,
  `create table console_settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,
  `create table audit_log (
    id bigserial primary key,
    operator_id integer,
    username text not null,
    role text not null,
    via text not null check (via in ('session', 'token', 'bootstrap')),
    action text not null,
    target_type text not null,
    target_id text,
    before jsonb,
    after jsonb,
    ip text,
    created_at timestamptz not null default now()
  )`,
  `create index audit_log_created_idx on audit_log (created_at desc, id desc)`,
  `create index audit_log_operator_idx on audit_log (operator_id, created_at desc)`,
  `create index audit_log_target_idx on audit_log (target_type, target_id, created_at desc)`,
  `create index audit_log_action_idx on audit_log (action, created_at desc)`,
  `create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only';
    end
  $$`,
  `create trigger audit_log_no_change before update or delete on audit_log
    for each row execute function audit_log_append_only()`,
  `create trigger audit_log_no_truncate before truncate on audit_log
    for each statement execute function audit_log_append_only()`,
];
