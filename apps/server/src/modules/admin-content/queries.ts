import type { LocalizedText } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

/**
 * How dramas are written, by the demo seed and by the operator's import alike. Search columns,
 * hot_score and explore_score follow by themselves (triggers and the search index's staleness
 * marks, migration 0005), so nothing else needs to be written beside these rows.
 */

export interface EpisodeWrite {
  sequence: number;
  isFree: boolean;
  durationSeconds: number;
  mediaKey: string;
}

export interface DramaWrite {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  /** Below MEDIA_DIR/covers. */
  coverPath: string;
  categoryId: number | null;
  tagIds: readonly number[];
  /** Default on insert: published; on update: unchanged. */
  status?: 'draft' | 'published' | 'hidden';
  /** Position among the featured dramas; null when not featured. */
  featuredRank: number | null;
  completed: boolean;
  publishedAt: Date;
  /** Starting engagement numbers (the demo catalogue's); a new drama otherwise starts at zero. */
  counters?: { views: number; likes: number; favorites: number; hotScore: number };
  episodes: readonly EpisodeWrite[];
}

/** The columns an insert and an update of a drama both write. */
function describedColumns(drama: Omit<DramaWrite, 'counters' | 'publishedAt'>) {
  return {
    title: JSON.stringify(drama.title),
    description: JSON.stringify(drama.description),
    cover_path: drama.coverPath,
    category_id: drama.categoryId,
    // An import's 'hidden' (seen by nobody) is what a draft is now.
    ...(drama.status ? { status: drama.status === 'hidden' ? ('draft' as const) : drama.status } : {}),
    is_featured: drama.featuredRank !== null,
    featured_rank: drama.featuredRank,
    is_completed: drama.completed,
  };
}

function episodeRows(dramaId: number, episodes: readonly EpisodeWrite[]) {
  return episodes.map((episode) => ({
    drama_id: dramaId,
    sequence: episode.sequence,
    is_free: episode.isFree,
    duration_seconds: episode.durationSeconds,
    media_key: episode.mediaKey,
  }));
}

/** Inserts a drama with its tags and episodes; returns its id. */
export async function insertDrama(db: Db, drama: DramaWrite): Promise<number> {
  const { id } = await db
    .insertInto('dramas')
    .values({
      slug: drama.slug,
      ...describedColumns(drama),
      episode_count: drama.episodes.length,
      free_episode_count: drama.episodes.filter((episode) => episode.isFree).length,
      ...(drama.counters
        ? {
            view_count: drama.counters.views,
            like_count: drama.counters.likes,
            favorite_count: drama.counters.favorites,
            hot_score: drama.counters.hotScore,
          }
        : {}),
      published_at: drama.publishedAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (drama.tagIds.length > 0) {
    await db
      .insertInto('drama_tags')
      .values(drama.tagIds.map((tagId) => ({ drama_id: id, tag_id: tagId })))
      .execute();
  }
  if (drama.episodes.length > 0) await db.insertInto('episodes').values(episodeRows(id, drama.episodes)).execute();
  return id;
}

/**
 * Updates a drama in place: its texts, cover, category, tags (made exactly these) and status;
 * episodes by sequence (ids kept, so likes and watch history stay attached; episodes not given
 * are kept). Engagement numbers and the publication date are left alone.
 */
export async function updateDrama(db: Db, id: number, drama: Omit<DramaWrite, 'counters' | 'publishedAt'>): Promise<void> {
  await db
    .updateTable('dramas')
    .set({ ...describedColumns(drama), updated_at: new Date() })
    .where('id', '=', id)
    .execute();

  const keep = [...drama.tagIds];
  await db
    .deleteFrom('drama_tags')
    .where('drama_id', '=', id)
    .$if(keep.length > 0, (query) => query.where('tag_id', 'not in', keep))
    .execute();
  if (keep.length > 0) {
    await db
      .insertInto('drama_tags')
      .values(keep.map((tagId) => ({ drama_id: id, tag_id: tagId })))
      .onConflict((oc) => oc.columns(['drama_id', 'tag_id']).doNothing())
      .execute();
  }

  if (drama.episodes.length > 0) {
    await db
      .insertInto('episodes')
      .values(episodeRows(id, drama.episodes))
      .onConflict((oc) =>
        oc.columns(['drama_id', 'sequence']).doUpdateSet((eb) => ({
          is_free: eb.ref('excluded.is_free'),
          duration_seconds: eb.ref('excluded.duration_seconds'),
          media_key: eb.ref('excluded.media_key'),
        })),
      )
      .execute();
  }
  await db
    .updateTable('dramas')
    .set({
      episode_count: sql<number>`(select count(*) from episodes e where e.drama_id = ${id})::int`,
      free_episode_count: sql<number>`(select count(*) from episodes e where e.drama_id = ${id} and e.is_free)::int`,
    })
    .where('id', '=', id)
    .execute();
}

export async function findDramasBySlug(
  db: Db,
  slugs: readonly string[],
): Promise<Array<{ id: number; slug: string; featured_rank: number | null }>> {
  if (slugs.length === 0) return [];
  return db
    .selectFrom('dramas')
    .select(['id', 'slug', 'featured_rank'])
    .where('slug', 'in', slugs)
    .forUpdate()
    .execute();
}

export async function maxFeaturedRank(db: Db): Promise<number> {
  const row = await db
    .selectFrom('dramas')
    .select((eb) => eb.fn.max('featured_rank').as('rank'))
    .where('is_featured', '=', true)
    .executeTakeFirst();
  return Number(row?.rank ?? 0);
}

export async function findEpisodeCounts(
  db: Db,
  ids: readonly number[],
): Promise<Map<number, { episodeCount: number; freeEpisodeCount: number }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('dramas')
    .select(['id', 'episode_count', 'free_episode_count'])
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((row) => [row.id, { episodeCount: row.episode_count, freeEpisodeCount: row.free_episode_count }]));
}

/** Creates categories, or renames existing ones (sort order only when given). */
export async function upsertCategories(
  db: Db,
  categories: ReadonlyArray<{ slug: string; name: LocalizedText; sortOrder?: number | undefined }>,
): Promise<void> {
  for (const category of categories) {
    await db
      .insertInto('categories')
      .values({
        slug: category.slug,
        name: JSON.stringify(category.name),
        ...(category.sortOrder === undefined ? {} : { sort_order: category.sortOrder }),
      })
      .onConflict((oc) =>
        oc.column('slug').doUpdateSet((eb) => ({
          name: eb.ref('excluded.name'),
          ...(category.sortOrder === undefined ? {} : { sort_order: eb.ref('excluded.sort_order') }),
        })),
      )
      .execute();
  }
}

export async function upsertTags(db: Db, tags: ReadonlyArray<{ slug: string; name: LocalizedText }>): Promise<void> {
  if (tags.length === 0) return;
  await db
    .insertInto('tags')
    .values(tags.map((tag) => ({ slug: tag.slug, name: JSON.stringify(tag.name) })))
    .onConflict((oc) => oc.column('slug').doUpdateSet((eb) => ({ name: eb.ref('excluded.name') })))
    .execute();
}

export async function findCategoryIds(db: Db, slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('categories').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

export async function findTagIds(db: Db, slugs: readonly string[]): Promise<Map<string, number>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom('tags').select(['id', 'slug']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Holds the import lock until the transaction ends: imports run one at a time across instances. */
export async function lockImports(db: Db, key: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(${key})`.execute(db);
}
