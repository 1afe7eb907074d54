/**
 * Members' notices (issue 25's notification centre): a kind code and its values as JSON, never
 * prose (the client writes them in the member's language). `dedupe_key` makes a notice that must
 * exist at most once unique per member: a drama's new episodes once a day
 * (`new-episode:<dramaId>:<day>`), a VIP reminder once per expiry and days left
 * (`vip-ending:<expiry>:<daysLeft>`), so an insert ... on conflict do nothing from two instances
 * at once still makes one. Other notices have none (nulls never conflict).
 */
export const statements = [
  `create table notices (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    kind text not null,
    data jsonb not null,
    dedupe_key text,
    read_at timestamptz,
    created_at timestamptz not null default now()
  )`,
  `create unique index notices_dedupe on notices (user_id, dedupe_key)`,
  `create index notices_user_newest on notices (user_id, id desc)`,
  `create index notices_user_unread on notices (user_id) where read_at is null`,
];
