/**
 * Members' Web Push subscriptions: one row per device (its push service's endpoint, unique: a
 * device signed in as another member moves to that member), the keys its pushes are encrypted
 * to, and the language its notifications are written in. A row goes when the push service says
 * the subscription is gone (404, 410), when the device unsubscribes, or with its member.
 */
export const statements = [
  `create table push_subscriptions (
    id serial primary key,
    user_id integer not null references users (id) on delete cascade,
    endpoint text not null unique,
    p256dh text not null,
    auth text not null,
    locale text not null,
    created_at timestamptz not null default now(),
    last_success_at timestamptz
  )`,
  `create index push_subscriptions_user on push_subscriptions (user_id)`,
];
