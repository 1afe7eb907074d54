/** The catalogue: categories, tags, dramas and their episodes, and the site's settings. */
export const statements = [
  `create table categories (
    id serial primary key,
    slug text not null unique,
    name jsonb not null,
    sort_order integer not null default 0,
    created_at timestamptz not null default now()
  )`,
  `create table tags (
    id serial primary key,
    slug text not null unique,
    name jsonb not null,
    created_at timestamptz not null default now()
  )`,
  `create table dramas (
    id serial primary key,
    slug text not null unique,
    title jsonb not null,
    description jsonb not null,
    cover_path text not null,
    category_id integer references categories(id) on delete set null,
    status text not null default 'published' check (status in ('draft', 'published', 'hidden')),
    is_featured boolean not null default false,
    featured_rank integer,
    is_completed boolean not null default false,
    episode_count integer not null default 0 check (episode_count >= 0),
    free_episode_count integer not null default 0 check (free_episode_count >= 0),
    view_count integer not null default 0 check (view_count >= 0),
    like_count integer not null default 0 check (like_count >= 0),
    favorite_count integer not null default 0 check (favorite_count >= 0),
    hot_score double precision not null default 0,
    published_at timestamptz not null default now(),
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now()
  )`,
  `create index dramas_hot_idx on dramas (hot_score desc, id desc) where status = 'published'`,
  `create index dramas_latest_idx on dramas (published_at desc, id desc) where status = 'published'`,
  `create index dramas_category_idx on dramas (category_id) where status = 'published'`,
  `create index dramas_featured_idx on dramas (featured_rank) where is_featured and status = 'published'`,
  `create table drama_tags (
    drama_id integer not null references dramas(id) on delete cascade,
    tag_id integer not null references tags(id) on delete cascade,
    primary key (drama_id, tag_id)
  )`,
  `create index drama_tags_tag_idx on drama_tags (tag_id, drama_id)`,
  `create table episodes (
    id serial primary key,
    drama_id integer not null references dramas(id) on delete cascade,
    sequence integer not null check (sequence > 0),
    is_free boolean not null default false,
    duration_seconds integer not null default 0 check (duration_seconds >= 0),
    media_key text not null,
    like_count integer not null default 0 check (like_count >= 0),
    created_at timestamptz not null default now(),
    unique (drama_id, sequence)
  )`,
  `create table system_settings (
    key text primary key,
    value jsonb not null,
    updated_at timestamptz not null default now()
  )`,
];
