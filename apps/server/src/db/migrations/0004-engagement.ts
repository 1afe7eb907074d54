/**
 * Engagement: members' likes of episodes (plus the guests' anonymous count on the episode),
 * favourite dramas, and watch records (one per member and drama: the episode and position to
 * resume from). The counters on episodes and dramas are kept in step by the services, in the
 * same transaction as the rows they count, and never go below zero.
 */
export const statements = [
  // episodes.like_count stays the total shown to everyone: members' rows plus guests' likes.
  `alter table episodes add column anonymous_like_count integer not null default 0 check (anonymous_like_count >= 0)`,
  `create table episode_likes (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    episode_id integer not null references episodes(id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (user_id, episode_id)
  )`,
  `create index episode_likes_user_idx on episode_likes (user_id, created_at desc, id desc)`,
  `create table favorites (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    drama_id integer not null references dramas(id) on delete cascade,
    created_at timestamptz not null default now(),
    unique (user_id, drama_id)
  )`,
  `create index favorites_user_idx on favorites (user_id, created_at desc, id desc)`,
  `create table watch_records (
    id serial primary key,
    user_id integer not null references users(id) on delete cascade,
    drama_id integer not null references dramas(id) on delete cascade,
    episode_id integer not null references episodes(id) on delete cascade,
    progress_seconds integer not null default 0 check (progress_seconds >= 0),
    -- When the member last watched: orders the history and decides which side of a merge wins.
    watched_at timestamptz not null default now(),
    -- When this record last added to dramas.view_count (at most once a day per member and drama).
    view_counted_at timestamptz,
    created_at timestamptz not null default now(),
    unique (user_id, drama_id)
  )`,
  `create index watch_records_user_idx on watch_records (user_id, watched_at desc, id desc)`,
];
