/**
 * Feedback: members' uploaded images (stored under UPLOAD_DIR by a random name, owned by the
 * member who sent them), feedback with up to three of those images as screenshots, the
 * operator's replies, and the web-vitals reports the client samples.
 */
export const statements = [
  `create table uploads (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    -- The random name the file is stored and served by: <32 hex digits>.<ext>.
    file_name text not null unique,
    content_type text not null check (content_type in ('image/jpeg', 'image/png', 'image/webp', 'image/gif')),
    size integer not null check (size > 0),
    width integer check (width is null or width > 0),
    height integer check (height is null or height > 0),
    created_at timestamptz not null default now()
  )`,
  `create index uploads_user_idx on uploads (user_id, created_at desc)`,
  `create table feedback (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    type text not null check (type in ('general', 'payment', 'account', 'vip', 'bug', 'suggestion', 'other')),
    content text not null,
    contact text,
    status text not null default 'pending' check (status in ('pending', 'replied', 'closed')),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  // A member's history (newest first) and the per-member hourly limit both read this one.
  `create index feedback_user_idx on feedback (user_id, created_at desc, id desc)`,
  `create index feedback_status_idx on feedback (status, created_at desc, id desc)`,
  `create table feedback_screenshots (
    feedback_id integer not null references feedback(id) on delete cascade,
    upload_id integer not null references uploads(id) on delete cascade,
    position smallint not null check (position >= 0),
    primary key (feedback_id, upload_id)
  )`,
  `create table feedback_replies (
    id serial primary key,
    feedback_id integer not null references feedback(id) on delete cascade,
    author text not null check (author in ('support', 'user')),
    content text not null,
    created_at timestamptz not null default now()
  )`,
  `create index feedback_replies_feedback_idx on feedback_replies (feedback_id, id)`,
  `create table web_vitals (
    id bigint generated always as identity primary key,
    name text not null check (name in ('LCP', 'CLS', 'INP', 'FCP', 'TTFB')),
    value double precision not null check (value >= 0),
    rating text not null check (rating in ('good', 'needs-improvement', 'poor')),
    path text not null,
    navigation_type text,
    -- A coarse class of the user agent (mobile, tablet, desktop, bot, unknown); never the agent itself.
    device text not null,
    created_at timestamptz not null default now()
  )`,
  `create index web_vitals_name_idx on web_vitals (name, created_at desc)`,
];
