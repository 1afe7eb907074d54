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
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface Database {
  categories: CategoriesTable;
  tags: TagsTable;
  dramas: DramasTable;
  drama_tags: DramaTagsTable;
  episodes: EpisodesTable;
  system_settings: SystemSettingsTable;
  users: UsersTable;
}

export type DramaRow = Selectable<DramasTable>;
export type EpisodeRow = Selectable<EpisodesTable>;
export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
