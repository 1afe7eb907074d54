/**
 * "For you" (README, "For you"): what the recommendations job computes, never the request.
 * - drama_co_watch: for each drama, the dramas most watched by the members who watched it
 *   (at most CO_WATCH_TOP per drama), with how many members watched both and what share of
 *   the drama's watchers that is.
 * - member_recommendations: a member's ranked dramas, each with the drama of theirs it came
 *   from (because_drama_id), replaced whole at each refresh of that member.
 */
export const statements = [
  `create table drama_co_watch (
    drama_id integer not null references dramas (id) on delete cascade,
    other_drama_id integer not null references dramas (id) on delete cascade,
    members integer not null,
    share double precision not null,
    rank integer not null,
    computed_at timestamptz not null default now(),
    primary key (drama_id, other_drama_id)
  )`,
  `create table member_recommendations (
    user_id integer not null references users (id) on delete cascade,
    drama_id integer not null references dramas (id) on delete cascade,
    score double precision not null,
    rank integer not null,
    because_drama_id integer references dramas (id) on delete set null,
    computed_at timestamptz not null default now(),
    primary key (user_id, drama_id)
  )`,
  `create unique index member_recommendations_rank on member_recommendations (user_id, rank)`,
];
