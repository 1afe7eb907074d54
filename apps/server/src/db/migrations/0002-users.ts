/**
 * Members. The token version ends every issued token at once when it is bumped
 * (password change, account disabled).
 */
export const statements = [
  `create table users (
    id serial primary key,
    username text not null,
    phone text,
    email text,
    password_hash text not null,
    avatar text,
    points integer not null default 0 check (points >= 0),
    vip_level integer not null default 0 check (vip_level >= 0),
    vip_expire_time timestamptz,
    status integer not null default 1 check (status in (0, 1)),
    token_version integer not null default 0,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create unique index users_username_key on users (lower(username))`,
  `create unique index users_phone_key on users (phone) where phone is not null`,
  `create unique index users_email_key on users (lower(email)) where email is not null`,
];
