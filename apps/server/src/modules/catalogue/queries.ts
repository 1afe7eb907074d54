import type { DramaSort, LocalizedText } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { withTotal } from '../../platform/paging.js';

export interface DramaRecord {
  id: number;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  cover_path: string;
  category_id: number | null;
  category_slug: string | null;
  category_name: LocalizedText | null;
  is_completed: boolean;
  episode_count: number;
  free_episode_count: number;
  view_count: number;
  like_count: number;
  favorite_count: number;
  published_at: Date;
}

export interface TagRecord {
  drama_id: number;
  id: number;
  slug: string;
  name: LocalizedText;
}

export interface DramaFilter {
  categorySlug?: string | undefined;
  tagSlug?: string | undefined;
  keyword?: string | undefined;
  sort: DramaSort;
  offset: number;
  limit: number;
}

function publishedDramas(db: Db) {
  return db
    .selectFrom('dramas as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .where('d.status', '=', 'published');
}

/**
 * The columns of a DramaRecord, for any query that joins `dramas as d` and `categories as c`
 * (left), so that CatalogueService can present its rows.
 */
/** A tag as lists show it. */
export interface TagJson {
  id: number;
  slug: string;
  name: LocalizedText;
}

/** The tags of the drama aliased `d`, by id, as a JSON array ([] when none): select it `.as('tags')`. */
export const DRAMA_TAGS_JSON = sql<TagJson[]>`coalesce(
  (select json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by t.id)
    from drama_tags as dt join tags as t on t.id = dt.tag_id where dt.drama_id = d.id),
  '[]'::json)`;

export const DRAMA_RECORD_COLUMNS = [
  'd.id',
  'd.slug',
  'd.title',
  'd.description',
  'd.cover_path',
  'd.category_id',
  'c.slug as category_slug',
  'c.name as category_name',
  'd.is_completed',
  'd.episode_count',
  'd.free_episode_count',
  'd.view_count',
  'd.like_count',
  'd.favorite_count',
  'd.published_at',
] as const;

function dramaColumns(db: Db) {
  return publishedDramas(db).select(DRAMA_RECORD_COLUMNS);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

function applyFilter<QB extends ReturnType<typeof publishedDramas>>(query: QB, filter: DramaFilter): QB {
  let next = query;
  if (filter.categorySlug) {
    const slug = filter.categorySlug;
    next = next.where((eb) =>
      eb.or([eb('c.slug', '=', slug), eb(sql<string>`c.id::text`, '=', slug)]),
    ) as QB;
  }
  if (filter.tagSlug) {
    const tagSlug = filter.tagSlug;
    next = next.where((eb) =>
      eb.exists(
        eb
          .selectFrom('drama_tags as dt')
          .innerJoin('tags as t', 't.id', 'dt.tag_id')
          .select(sql`1`.as('one'))
          .whereRef('dt.drama_id', '=', 'd.id')
          .where('t.slug', '=', tagSlug),
      ),
    ) as QB;
  }
  if (filter.keyword) {
    const pattern = `%${escapeLike(filter.keyword)}%`;
    next = next.where((eb) =>
      eb.or([
        eb(sql`concat_ws(' ', d.title->>'zh-CN', d.title->>'zh-Hant', d.title->>'en-US')`, 'ilike', pattern),
        eb(
          sql`concat_ws(' ', d.description->>'zh-CN', d.description->>'zh-Hant', d.description->>'en-US')`,
          'ilike',
          pattern,
        ),
      ]),
    ) as QB;
  }
  return next;
}

export async function findDramas(db: Db, filter: DramaFilter): Promise<{ rows: DramaRecord[]; total: number }> {
  const base = applyFilter(publishedDramas(db), filter);
  let query = applyFilter(dramaColumns(db), filter);
  query =
    filter.sort === 'latest'
      ? query.orderBy('d.published_at', 'desc').orderBy('d.id', 'desc')
      : query.orderBy('d.hot_score', 'desc').orderBy('d.id', 'desc');
  return withTotal(query.offset(filter.offset).limit(filter.limit).execute(), base);
}

export async function findFeaturedDramas(db: Db, limit: number): Promise<DramaRecord[]> {
  return dramaColumns(db)
    .where('d.is_featured', '=', true)
    .orderBy('d.featured_rank', 'asc')
    .orderBy('d.hot_score', 'desc')
    .limit(limit)
    .execute();
}

/** Statuses whose drama opens by its address (page, episodes, player); lists show published only. */
export const OPEN_BY_LINK_STATUSES = ['published', 'unlisted'] as const;

export async function findDramaById(db: Db, id: number): Promise<DramaRecord | undefined> {
  return db
    .selectFrom('dramas as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES)
    .select(DRAMA_RECORD_COLUMNS)
    .where('d.id', '=', id)
    .executeTakeFirst();
}

export async function findTagsOfDramas(db: Db, dramaIds: number[]): Promise<TagRecord[]> {
  if (dramaIds.length === 0) return [];
  return db
    .selectFrom('drama_tags as dt')
    .innerJoin('tags as t', 't.id', 'dt.tag_id')
    .select(['dt.drama_id', 't.id', 't.slug', 't.name'])
    .where('dt.drama_id', 'in', dramaIds)
    .orderBy('t.id')
    .execute();
}

export interface EpisodeRecord {
  id: number;
  drama_id: number;
  sequence: number;
  is_free: boolean;
  duration_seconds: number;
  media_key: string;
}

export async function findEpisodesOfDrama(db: Db, dramaId: number): Promise<EpisodeRecord[]> {
  return db
    .selectFrom('episodes')
    .select(['id', 'drama_id', 'sequence', 'is_free', 'duration_seconds', 'media_key'])
    .where('drama_id', '=', dramaId)
    // Viewers see an episode only once it is published and its media is ready (0012).
    .where('status', '=', 'published')
    .where('media_status', '=', 'ready')
    .orderBy('sequence')
    .execute();
}

export async function findEpisodeById(db: Db, id: number) {
  return db
    .selectFrom('episodes as e')
    .innerJoin('dramas as d', 'd.id', 'e.drama_id')
    .select(['e.id', 'e.drama_id', 'e.sequence', 'e.is_free', 'e.duration_seconds', 'e.media_key', 'e.media_source'])
    .where('e.id', '=', id)
    .where('e.status', '=', 'published')
    .where('e.media_status', '=', 'ready')
    .where('d.status', 'in', OPEN_BY_LINK_STATUSES)
    .executeTakeFirst();
}

export async function findCategoriesWithCounts(db: Db) {
  return db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      (eb) =>
        eb
          .selectFrom('dramas as d')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('d.category_id', '=', 'c.id')
          .where('d.status', '=', 'published')
          .as('drama_count'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function findTagsWithCounts(db: Db) {
  return db
    .selectFrom('tags as t')
    .select([
      't.id',
      't.slug',
      't.name',
      (eb) =>
        eb
          .selectFrom('drama_tags as dt')
          .innerJoin('dramas as d', 'd.id', 'dt.drama_id')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('dt.tag_id', '=', 't.id')
          .where('d.status', '=', 'published')
          .as('drama_count'),
    ])
    .orderBy('t.id')
    .execute();
}

/** A tag by slug, or by its name in any locale (links may carry the shown name). */
export async function findTag(db: Db, key: string) {
  return db
    .selectFrom('tags')
    .select(['id', 'slug', 'name'])
    .where((eb) =>
      eb.or([
        eb('slug', '=', key),
        eb(sql`name->>'zh-CN'`, '=', key),
        eb(sql`name->>'zh-Hant'`, '=', key),
        eb(sql`lower(name->>'en-US')`, '=', key.toLowerCase()),
      ]),
    )
    .executeTakeFirst();
}
