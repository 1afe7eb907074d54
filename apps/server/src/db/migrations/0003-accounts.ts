/**
 * Accounts: the sign-in lock (wrong passwords in a row, kept in the database so that every
 * instance sees it), verification codes, the message outbox and the record of sign-ins.
 */
export const statements = [
  `alter table users add column failed_sign_ins integer not null default 0 check (failed_sign_ins >= 0)`,
  `alter table users add column locked_until timestamptz`,
  `alter table users add column last_sign_in_at timestamptz`,
  `create table verification_codes (
    id serial primary key,
    channel text not null check (channel in ('email', 'phone')),
    target text not null,
    purpose text not null check (purpose in ('reset', 'bind')),
    user_id integer references users(id) on delete cascade,
    code_hash text not null,
    failed_attempts integer not null default 0 check (failed_attempts >= 0),
    expires_at timestamptz not null,
    consumed_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  // The cooldown and the check of a code look at the newest code of a destination and purpose;
  // the daily cap counts a destination's codes since midnight.
  `create index verification_codes_purpose_idx on verification_codes (channel, target, purpose, created_at desc)`,
  `create index verification_codes_daily_idx on verification_codes (channel, target, created_at)`,
  `create table outbox_messages (
    id serial primary key,
    channel text not null check (channel in ('email', 'phone')),
    target text not null,
    subject text not null,
    body text not null,
    created_at timestamptz not null default now()
  )`,
  `create index outbox_messages_target_idx on outbox_messages (target, id desc)`,
  `create table sign_in_records (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    kind text not null check (kind in ('sign-up', 'sign-in')),
    ip text,
    remote_ip text,
    user_agent text,
    created_at timestamptz not null default now()
  )`,
  `create index sign_in_records_user_idx on sign_in_records (user_id, created_at desc)`,
];
