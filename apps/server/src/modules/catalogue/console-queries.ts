import type { ConsoleDramaListQuery, LocalizedText } from '@drama/contracts';
import { type Selectable, type SelectQueryBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, DramasTable } from '../../db/schema.js';
import { writeAudit } from '../../platform/audit.js';
import type { Actor } from '../../platform/operators.js';
import { withTotal } from '../../platform/paging.js';

/** The console's reads and writes of dramas, categories and tags: every status, every language. */

export type StoredStatus = Selectable<DramasTable>['status'];

type DramaQuery<O> = SelectQueryBuilder<Database & { d: DramasTable }, 'd', O>;

interface TermJson {
  id: number;
  slug: string;
  name: LocalizedText;
}

export interface ConsoleDramaRow {
  id: number;
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  cover_path: string;
  status: StoredStatus;
  is_featured: boolean;
  featured_rank: number | null;
  is_completed: boolean;
  episode_count: number;
  free_episode_count: number;
  view_count: number;
  like_count: number;
  favorite_count: number;
  published_at: Date;
  created_at: Date;
  updated_at: Date;
  category: TermJson | null;
  tags: TermJson[];
}

function dramaRows(db: Db) {
  return db
    .selectFrom('dramas as d')
    .select((eb) => [
      'd.id',
      'd.slug',
      'd.title',
      'd.description',
      'd.cover_path',
      'd.status',
      'd.is_featured',
      'd.featured_rank',
      'd.is_completed',
      'd.episode_count',
      'd.free_episode_count',
      'd.view_count',
      'd.like_count',
      'd.favorite_count',
      'd.published_at',
      'd.created_at',
      'd.updated_at',
      eb
        .selectFrom('categories as c')
        .select(sql<TermJson>`json_build_object('id', c.id, 'slug', c.slug, 'name', c.name)`.as('category'))
        .whereRef('c.id', '=', 'd.category_id')
        .as('category'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('drama_tags as dt')
            .innerJoin('tags as t', 't.id', 'dt.tag_id')
            .select(sql<TermJson[]>`json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by t.id)`.as('list'))
            .whereRef('dt.drama_id', '=', 'd.id'),
          sql<TermJson[]>`'[]'::json`,
        )
        .as('tags'),
    ]);
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const SORT_COLUMNS = {
  updatedAt: 'd.updated_at',
  createdAt: 'd.created_at',
  publishedAt: 'd.published_at',
  id: 'd.id',
  title: sql`d.title->>'en-US'`,
  views: 'd.view_count',
  episodes: 'd.episode_count',
} as const;

function applyFilters<O>(base: DramaQuery<O>, query: ConsoleDramaListQuery): DramaQuery<O> {
  let next = base;
  if (query.status) next = next.where('d.status', '=', query.status);
  if (query.category) next = next.where('d.category_id', '=', query.category);
  if (query.tag) {
    const tag = query.tag;
    next = next.where((eb) =>
      eb.exists(eb.selectFrom('drama_tags as dt').select(sql`1`.as('one')).whereRef('dt.drama_id', '=', 'd.id').where('dt.tag_id', '=', tag)),
    );
  }
  if (query.q) {
    const pattern = `%${escapeLike(query.q)}%`;
    const id = /^\d{1,9}$/.test(query.q) ? Number(query.q) : null;
    next = next.where((eb) =>
      eb.or([
        eb(sql<string>`concat_ws(' ', d.title->>'zh-CN', d.title->>'zh-Hant', d.title->>'en-US', d.slug)`, 'ilike', pattern),
        ...(id === null ? [] : [eb('d.id', '=', id)]),
      ]),
    );
  }
  return next;
}

export async function listConsoleDramas(db: Db, query: ConsoleDramaListQuery & { offset: number }) {
  const rows = applyFilters(dramaRows(db), query)
    .orderBy(SORT_COLUMNS[query.sort], query.order)
    .orderBy('d.id', query.order)
    .offset(query.offset)
    .limit(query.limit)
    .execute();
  return withTotal(rows, applyFilters(db.selectFrom('dramas as d'), query));
}

export async function findConsoleDrama(db: Db, id: number): Promise<ConsoleDramaRow | undefined> {
  return dramaRows(db).where('d.id', '=', id).executeTakeFirst();
}

export async function findConsoleDramas(db: Db, ids: readonly number[]): Promise<ConsoleDramaRow[]> {
  if (ids.length === 0) return [];
  return dramaRows(db).where('d.id', 'in', ids).execute();
}

/** The drama's row locked for a change, so two operators' edits apply one after the other. */
export async function lockDrama(db: Db, id: number) {
  return db.selectFrom('dramas').select(['id', 'status', 'cover_path', 'published_at']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function slugTaken(db: Db, table: 'dramas' | 'categories' | 'tags', slug: string, exceptId?: number): Promise<boolean> {
  let query = db.selectFrom(table).select('id').where('slug', '=', slug);
  if (exceptId !== undefined) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export interface DramaTexts {
  slug: string;
  title: LocalizedText;
  description: LocalizedText;
  categoryId: number | null;
  isCompleted: boolean;
}

/** A new draft without a cover; published_at is set when it goes out. */
export async function insertDraft(db: Db, drama: DramaTexts, now: Date): Promise<number> {
  const { id } = await db
    .insertInto('dramas')
    .values({
      slug: drama.slug,
      title: JSON.stringify(drama.title),
      description: JSON.stringify(drama.description),
      cover_path: '',
      category_id: drama.categoryId,
      status: 'draft',
      is_completed: drama.isCompleted,
      published_at: now,
      created_at: now,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function updateDrama(
  db: Db,
  id: number,
  change: Partial<DramaTexts> & { status?: StoredStatus; publishedAt?: Date; coverPath?: string },
  now: Date,
): Promise<void> {
  await db
    .updateTable('dramas')
    .set({
      ...(change.slug === undefined ? {} : { slug: change.slug }),
      ...(change.title === undefined ? {} : { title: JSON.stringify(change.title) }),
      ...(change.description === undefined ? {} : { description: JSON.stringify(change.description) }),
      ...(change.categoryId === undefined ? {} : { category_id: change.categoryId }),
      ...(change.isCompleted === undefined ? {} : { is_completed: change.isCompleted }),
      ...(change.status === undefined ? {} : { status: change.status }),
      ...(change.publishedAt === undefined ? {} : { published_at: change.publishedAt }),
      ...(change.coverPath === undefined ? {} : { cover_path: change.coverPath }),
      updated_at: now,
    })
    .where('id', '=', id)
    .execute();
}

/** Makes the drama's tags exactly these. */
export async function setDramaTags(db: Db, dramaId: number, tagIds: readonly number[]): Promise<void> {
  await db.deleteFrom('drama_tags').where('drama_id', '=', dramaId).execute();
  if (tagIds.length > 0) {
    await db
      .insertInto('drama_tags')
      .values(tagIds.map((tagId) => ({ drama_id: dramaId, tag_id: tagId })))
      .execute();
  }
}

export async function existingIds(db: Db, table: 'categories' | 'tags' | 'dramas', ids: readonly number[]): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom(table).select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/* Scheduled publication. */

/**
 * Turns scheduled dramas whose time has come into published ones and returns their ids. Each
 * release is audited in the same transaction, as done for the operator who scheduled it (the
 * latest `drama.status` entry that set it to scheduled) by way of `schedule`. Two instances
 * racing here release a drama once: the second finds it published already.
 */
/** What a release does besides publishing: its transaction, and a hook run in it for each drama. */
export interface ReleaseHooks {
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T>;
  released(trx: Transaction<Database>, dramaId: number): Promise<unknown>;
}

export async function releaseDue(db: Db, now: Date, hooks?: ReleaseHooks): Promise<number[]> {
  const transaction = hooks ? hooks.transaction.bind(hooks) : <T>(work: (trx: Transaction<Database>) => Promise<T>) => db.transaction().execute(work);
  return transaction(async (trx) => {
    const rows = await trx
      .updateTable('dramas')
      .set({ status: 'published' })
      .where('status', '=', 'scheduled')
      .where('published_at', '<=', now)
      .returning(['id', 'published_at'])
      .execute();
    for (const row of rows) {
      await hooks?.released(trx, row.id);
      const scheduler = await trx
        .selectFrom('audit_log')
        .select(['operator_id', 'username', 'role'])
        .where('action', '=', 'drama.status')
        .where('target_type', '=', 'drama')
        .where('target_id', '=', String(row.id))
        .where(sql<boolean>`after ->> 'status' = 'scheduled'`)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst();
      // Scheduling is only done through the audited status call; without its entry there is
      // nobody to name, and the drama still comes out.
      if (!scheduler) continue;
      const actor: Actor = { operatorId: scheduler.operator_id, username: scheduler.username, role: scheduler.role, via: 'schedule', ip: null };
      await writeAudit(trx, actor, {
        action: 'drama.release',
        targetType: 'drama',
        targetId: row.id,
        before: { status: 'scheduled', publishedAt: row.published_at.toISOString() },
        after: { status: 'published' },
      });
    }
    return rows.map((row) => row.id);
  });
}

/** Whether a drama came out (was published with a time) after `after` and by `upTo`. */
export async function publishedBetween(db: Db, after: Date, upTo: Date): Promise<boolean> {
  const row = await db
    .selectFrom('dramas')
    .select('id')
    .where('status', '=', 'published')
    .where('published_at', '>', after)
    .where('published_at', '<=', upTo)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export async function nextScheduledAt(db: Db): Promise<Date | null> {
  const row = await db
    .selectFrom('dramas')
    .select((eb) => eb.fn.min('published_at').as('next'))
    .where('status', '=', 'scheduled')
    .executeTakeFirst();
  return row?.next ?? null;
}

/* Categories and tags. */

export async function listCategories(db: Db) {
  return db
    .selectFrom('categories as c')
    .select([
      'c.id',
      'c.slug',
      'c.name',
      'c.sort_order',
      (eb) =>
        eb
          .selectFrom('dramas as d')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('d.category_id', '=', 'c.id')
          .as('drama_count'),
    ])
    .orderBy('c.sort_order')
    .orderBy('c.id')
    .execute();
}

export async function listTags(db: Db) {
  return db
    .selectFrom('tags as t')
    .select([
      't.id',
      't.slug',
      't.name',
      (eb) =>
        eb
          .selectFrom('drama_tags as dt')
          .select(sql<number>`count(*)::int`.as('n'))
          .whereRef('dt.tag_id', '=', 't.id')
          .as('drama_count'),
    ])
    .orderBy('t.id')
    .execute();
}

export async function insertCategory(db: Db, slug: string, name: LocalizedText): Promise<number> {
  const { id } = await db
    .insertInto('categories')
    .values((eb) => ({
      slug,
      name: JSON.stringify(name),
      // Last: a new category goes to the end until the operator moves it.
      sort_order: eb.selectFrom('categories').select(sql<number>`coalesce(max(sort_order), -1) + 1`.as('next')),
    }))
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

export async function insertTag(db: Db, slug: string, name: LocalizedText): Promise<number> {
  const { id } = await db.insertInto('tags').values({ slug, name: JSON.stringify(name) }).returning('id').executeTakeFirstOrThrow();
  return id;
}

export async function updateTerm(db: Db, table: 'categories' | 'tags', id: number, change: { slug?: string; name?: LocalizedText }) {
  await db
    .updateTable(table)
    .set({
      ...(change.slug === undefined ? {} : { slug: change.slug }),
      ...(change.name === undefined ? {} : { name: JSON.stringify(change.name) }),
    })
    .where('id', '=', id)
    .execute();
}

export async function termUsage(db: Db, table: 'categories' | 'tags', id: number): Promise<number> {
  const row =
    table === 'categories'
      ? await db.selectFrom('dramas').select(sql<number>`count(*)::int`.as('n')).where('category_id', '=', id).executeTakeFirstOrThrow()
      : await db.selectFrom('drama_tags').select(sql<number>`count(*)::int`.as('n')).where('tag_id', '=', id).executeTakeFirstOrThrow();
  return row.n;
}

export async function deleteTerm(db: Db, table: 'categories' | 'tags', id: number): Promise<void> {
  await db.deleteFrom(table).where('id', '=', id).execute();
}

export async function setCategoryOrder(db: Db, ids: readonly number[]): Promise<void> {
  for (const [position, id] of ids.entries()) {
    await db.updateTable('categories').set({ sort_order: position }).where('id', '=', id).execute();
  }
}

/* The home page's featured carousel. */

export async function featuredIds(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('dramas')
    .select('id')
    .where('is_featured', '=', true)
    .orderBy('featured_rank', 'asc')
    .orderBy('hot_score', 'desc')
    .execute();
  return rows.map((row) => row.id);
}

/** Makes the carousel exactly these dramas, in this order (rank 1 first). */
export async function setFeatured(db: Db, ids: readonly number[]): Promise<void> {
  await db.updateTable('dramas').set({ is_featured: false, featured_rank: null }).where('is_featured', '=', true).execute();
  for (const [index, id] of ids.entries()) {
    await db.updateTable('dramas').set({ is_featured: true, featured_rank: index + 1 }).where('id', '=', id).execute();
  }
}
