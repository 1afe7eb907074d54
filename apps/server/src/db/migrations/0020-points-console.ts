/**
 * Points in the console: the tasks' rewards move from constants into tables an operator edits,
 * seeded with the figures the code had, so nothing changes until someone changes it.
 *
 * task_rewards holds the points of each task with one reward; check_in_rewards the check-in's
 * by day of the streak (day 7 pays every day after it too). A claim stores the points it paid
 * (task_claims.points), so a later change never alters a claim already made.
 *
 * The console counts an item's exchanges from the ledger (reference `mall:<id>`), by the index
 * below rather than a scan of every member's rows.
 */
export const statements = [
  `create table task_rewards (
    task_type text primary key,
    points integer not null check (points > 0),
    updated_at timestamptz not null default now()
  )`,
  `insert into task_rewards (task_type, points) values
    ('watchVideo', 20), ('shareContent', 10), ('bindPhone', 50), ('completeProfile', 30),
    ('followUs', 20), ('inviteFriends', 100)`,
  `create table check_in_rewards (
    day integer primary key check (day between 1 and 7),
    points integer not null check (points > 0),
    updated_at timestamptz not null default now()
  )`,
  `insert into check_in_rewards (day, points) values (1, 10), (2, 10), (3, 15), (4, 15), (5, 20), (6, 20), (7, 30)`,
  `create index points_records_mall_idx on points_records (reference) where type = 'vip_exchange'`,
];
