/**
 * Profile editing and the Follow us target.
 *
 * users.nickname: the name a member shows, free text (contracts' nicknameSchema), apart from
 * the username they sign in with. users.avatar_file: the stored name of an avatar the member
 * uploaded (content-addressed: <sha-256 of the re-encoded image>.webp, under DATA_DIR/avatars);
 * users.avatar then holds the address it is served at. Only the upload route sets avatar_file,
 * so "an avatar uploaded" can be told from an address written by anything else. Members with
 * the same picture share one file: it is removed only once nobody's avatar_file names it.
 *
 * follow_opens: when a member opened the official account the Follow us task leads to, and
 * which address it was. The task's "Done" counts only after an open.
 */
export const statements = [
  `alter table users add column nickname text`,
  `alter table users add column avatar_file text`,
  `create index users_avatar_file_idx on users (avatar_file) where avatar_file is not null`,
  `create table follow_opens (
    user_id integer primary key references users(id) on delete cascade,
    target text not null,
    opened_at timestamptz not null
  )`,
];
