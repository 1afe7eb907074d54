/**
 * A member's switches (spec section 3's user settings), kept by the server so that they follow
 * the member to every device and so that the server can obey them: notices and pushes read
 * the two notification switches, history recording and "For you" the two privacy switches.
 * A member without a row has every switch on, so no row is written until one is turned off.
 */
export const statements = [
  `create table member_settings (
    user_id integer primary key references users (id) on delete cascade,
    notify_updates boolean not null default true,
    notify_messages boolean not null default true,
    record_history boolean not null default true,
    personalised boolean not null default true,
    updated_at timestamptz not null default now()
  )`,
];
