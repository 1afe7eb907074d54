import type { LocalizedText } from '@drama/contracts';
import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

export interface CategoriesTable {
  id: Generated<number>;
  slug: string;
  name: Json<LocalizedText>;
  sort_order: Generated<number>;
  created_at: CreatedAt;
}

export interface TagsTable {
  id: Generated<number>;
  slug: string;
  name: Json<LocalizedText>;
  created_at: CreatedAt;
}

export interface DramasTable {
  id: Generated<number>;
  slug: string;
  title: Json<LocalizedText>;
  description: Json<LocalizedText>;
  cover_path: string;
  category_id: number | null;
  status: Generated<'draft' | 'published' | 'hidden'>;
  is_featured: Generated<boolean>;
  featured_rank: number | null;
  is_completed: Generated<boolean>;
  episode_count: Generated<number>;
  free_episode_count: Generated<number>;
  view_count: Generated<number>;
  like_count: Generated<number>;
  favorite_count: Generated<number>;
  hot_score: Generated<number>;
  published_at: ColumnType<Date, Date | string | undefined, Date | string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface DramaTagsTable {
  drama_id: number;
  tag_id: number;
}

export interface EpisodesTable {
  id: Generated<number>;
  drama_id: number;
  sequence: number;
  is_free: boolean;
  duration_seconds: number;
  /** Name of the stored media under MEDIA_DIR/clips, without extension. */
  media_key: string;
  like_count: Generated<number>;
  created_at: CreatedAt;
}

export interface SystemSettingsTable {
  key: string;
  value: Json<unknown>;
  updated_at: UpdatedAt;
}

export interface UsersTable {
  id: Generated<number>;
  username: string;
  phone: string | null;
  email: string | null;
  password_hash: string;
  avatar: string | null;
  points: Generated<number>;
  vip_level: Generated<number>;
  vip_expire_time: Date | null;
  status: Generated<number>;
  token_version: Generated<number>;
  /** Wrong passwords in a row (0003); the fifth sets locked_until. */
  failed_sign_ins: Generated<number>;
  locked_until: Date | null;
  last_sign_in_at: Date | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface VerificationCodesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  target: string;
  purpose: 'reset' | 'bind';
  /** The member a bind code was sent for; null for a reset code. */
  user_id: number | null;
  /** HMAC-SHA256 of the code under a server key (never the code itself). */
  code_hash: string;
  failed_attempts: Generated<number>;
  expires_at: Date;
  /** Set when the code is used, replaced by a newer one, or guessed wrong too often. */
  consumed_at: Date | null;
  /** Written by the service's clock, like expires_at; tests move it back to simulate time. */
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: 'email' | 'phone';
  target: string;
  subject: string;
  body: string;
  created_at: CreatedAt;
}

export interface SignInRecordsTable {
  id: Generated<number>;
  user_id: number;
  kind: 'sign-up' | 'sign-in';
  /** The address the client reported in the body. */
  ip: string | null;
  /** The address the server saw (behind a proxy only with TRUST_PROXY). */
  remote_ip: string | null;
  user_agent: string | null;
  created_at: CreatedAt;
}

export interface Database {
  categories: CategoriesTable;
  tags: TagsTable;
  dramas: DramasTable;
  drama_tags: DramaTagsTable;
  episodes: EpisodesTable;
  system_settings: SystemSettingsTable;
  users: UsersTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  sign_in_records: SignInRecordsTable;
}

export type DramaRow = Selectable<DramasTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;

/* Engagement (0004): likes, favourites, watch records. Declared by merging into the interfaces above. */

export interface EpisodesTable {
  /** Guests' likes (0004); like_count is the total: members' rows plus these. */
  anonymous_like_count: Generated<number>;
}

export interface EpisodeLikesTable {
  id: Generated<number>;
  user_id: number;
  episode_id: number;
  created_at: CreatedAt;
}

export interface FavoritesTable {
  id: Generated<number>;
  user_id: number;
  drama_id: number;
  created_at: CreatedAt;
}

export interface WatchRecordsTable {
  id: Generated<number>;
  user_id: number;
  drama_id: number;
  episode_id: number;
  progress_seconds: Generated<number>;
  /** When the member last watched: orders the history; the later side of a merge wins. */
  watched_at: ColumnType<Date, Date | string | undefined, Date | string>;
  /** When this record last added to dramas.view_count (at most once a day). */
  view_counted_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: CreatedAt;
}

export interface Database {
  episode_likes: EpisodeLikesTable;
  favorites: FavoritesTable;
  watch_records: WatchRecordsTable;
}
