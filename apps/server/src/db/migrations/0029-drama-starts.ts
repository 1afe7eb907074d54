/**
 * What the daily watch task and the invite task count, kept apart from the watch history so
 * that a member who turned history off still completes them: one mark per member, day and drama
 * started (the task reads today's, beside the watch records' own once-a-day marks; older ones
 * are pruned), and the time a member
 * first started an episode (an invitee counts once they have watched). Neither is shown to the
 * member nor resumes anything.
 */
export const statements = [
  `create table drama_starts (
    user_id integer not null references users (id) on delete cascade,
    day_start timestamptz not null,
    drama_id integer not null,
    primary key (user_id, day_start, drama_id)
  )`,
  `create index drama_starts_day_idx on drama_starts (day_start)`,
  `alter table users add column first_watched_at timestamptz`,
  `update users u set first_watched_at = w.first
     from (select user_id, min(created_at) as first from watch_records group by user_id) w
     where w.user_id = u.id`,
];
