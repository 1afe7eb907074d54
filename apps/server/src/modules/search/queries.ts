import type { LocalizedText } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { DramaRecord } from '../catalogue/queries.js';
import { DRAMA_RECORD_COLUMNS } from '../favorites/queries.js';
import type { SearchTexts } from './search-index.js';

/* The search index (0005): stale rows and their rewrite. */

export async function findStaleSearchRows(db: Db, afterId: number, limit: number) {
  return db
    .selectFrom('dramas as d')
    .select((eb) => [
      'd.id',
      'd.title',
      'd.description',
      'd.search_revision',
      eb.fn
        .coalesce(
          eb
            .selectFrom('drama_tags as dt')
            .innerJoin('tags as t', 't.id', 'dt.tag_id')
            .select(sql<LocalizedText[]>`json_agg(t.name order by t.id)`.as('names'))
            .whereRef('dt.drama_id', '=', 'd.id'),
          sql<LocalizedText[]>`'[]'::json`,
        )
        .as('tag_names'),
    ])
    .whereRef('d.search_indexed_revision', '<>', 'd.search_revision')
    .where('d.id', '>', afterId)
    .orderBy('d.id')
    .limit(limit)
    .execute();
}

export async function writeSearchTexts(
  db: Db,
  rows: Array<{ id: number; revision: number } & SearchTexts>,
): Promise<void> {
  if (rows.length === 0) return;
  // One statement per batch; the rows travel as one JSON parameter.
  await sql`
    update dramas as d set
      search_title = v.search_title,
      search_description = v.search_description,
      search_tags = v.search_tags,
      search_grams = v.search_grams,
      search_indexed_revision = v.revision
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as v(id integer, revision integer, search_title text, search_description text, search_tags text, search_grams text[])
    where d.id = v.id`.execute(db);
}

/* Search. */

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

export interface SearchFilter {
  /** Normalised (modules/search/normalize.ts). */
  keyword: string;
  /**
   * Match through the texts' CJK characters and pairs of characters (search_grams) rather than
   * LIKE: for a keyword of one or two CJK characters, which trigrams cannot serve.
   */
  byGrams: boolean;
  offset: number;
  limit: number;
}

export interface SearchRow extends DramaRecord {
  in_title: boolean;
  in_description: boolean;
  in_tags: boolean;
  tags: Array<{ id: number; slug: string; name: LocalizedText }>;
}

function matching(db: Db, filter: SearchFilter) {
  const pattern = `%${escapeLike(filter.keyword)}%`;
  // The character-pair index is exact (a pair is in the set exactly when it is in a text), so
  // those keywords need no LIKE over the whole text; trigrams only narrow, so LIKE decides.
  const matches = filter.byGrams
    ? sql<boolean>`d.search_grams @> array[${filter.keyword}::text]`
    : sql<boolean>`d.search_text like ${pattern}`;
  return db.selectFrom('dramas as d').where('d.status', '=', 'published').where(matches);
}

/**
 * The ranking: ids of published dramas whose normalised texts contain the keyword, title
 * matches first, then the most popular. Only narrow columns are read for every match; the
 * page's dramas are fetched after (findHits). Built apart from running it so that the
 * benchmark can EXPLAIN the same SQL.
 */
export function searchQuery(db: Db, filter: SearchFilter) {
  const pattern = `%${escapeLike(filter.keyword)}%`;
  return matching(db, filter)
    .select(['d.id', sql<boolean>`d.search_title like ${pattern}`.as('in_title')])
    .orderBy('in_title', 'desc')
    .orderBy('d.hot_score', 'desc')
    .orderBy('d.id', 'desc')
    .offset(filter.offset)
    .limit(filter.limit);
}

/** How many dramas match: a separate count reads less than a window over the ranking. */
function countQuery(db: Db, filter: SearchFilter) {
  return matching(db, filter).select(sql<number>`count(*)::int`.as('total'));
}

/** The dramas of one page of hits, with their tags and where else the keyword was found. */
async function findHits(db: Db, ids: number[], keyword: string) {
  const pattern = `%${escapeLike(keyword)}%`;
  return db
    .selectFrom('dramas as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .select((eb) => [
      ...DRAMA_RECORD_COLUMNS,
      sql<boolean>`d.search_description like ${pattern}`.as('in_description'),
      sql<boolean>`d.search_tags like ${pattern}`.as('in_tags'),
      eb.fn
        .coalesce(
          eb
            .selectFrom('drama_tags as dt')
            .innerJoin('tags as t', 't.id', 'dt.tag_id')
            .select(
              sql<SearchRow['tags']>`json_agg(json_build_object('id', t.id, 'slug', t.slug, 'name', t.name) order by t.id)`.as(
                'list',
              ),
            )
            .whereRef('dt.drama_id', '=', 'd.id'),
          sql<SearchRow['tags']>`'[]'::json`,
        )
        .as('tags'),
    ])
    .where('d.id', 'in', ids)
    .execute();
}

export async function searchDramas(db: Db, filter: SearchFilter): Promise<{ rows: SearchRow[]; total: number }> {
  const [ranked, count] = await Promise.all([
    searchQuery(db, filter).execute(),
    countQuery(db, filter).executeTakeFirstOrThrow(),
  ]);
  const total = count.total;
  if (ranked.length === 0) return { rows: [], total };
  const hits = new Map((await findHits(db, ranked.map((row) => row.id), filter.keyword)).map((hit) => [hit.id, hit]));
  const rows = ranked.flatMap((row): SearchRow[] => {
    const hit = hits.get(row.id);
    return hit ? [{ ...hit, in_title: row.in_title }] : [];
  });
  return { rows, total };
}

/* Hot searches. */

/**
 * Counts a search towards the hot list, in one statement: at most once per keyword and client
 * in any hour (the client's last counted time is kept), added to the keyword's count of `day`.
 * Returns whether it counted.
 */
export async function countSearch(
  db: Db,
  hit: { keyword: string; display: string; client: string; now: Date; day: string },
): Promise<boolean> {
  const windowStart = new Date(hit.now.getTime() - 3_600_000);
  return db.transaction().execute(async (trx) => {
    // A count lost to a crash in the next moment costs nothing; waiting for the disk on every
    // search would cost every searcher.
    await sql`set local synchronous_commit = off`.execute(trx);
    return recordHit(trx, hit, windowStart);
  });
}

async function recordHit(
  db: Db,
  hit: { keyword: string; display: string; client: string; now: Date; day: string },
  windowStart: Date,
): Promise<boolean> {
  const result = await db
    .with('fresh', (qb) =>
      qb
        .insertInto('search_keyword_hits')
        .values({ keyword: hit.keyword, client: hit.client, counted_at: hit.now })
        .onConflict((oc) =>
          oc
            .columns(['keyword', 'client'])
            .doUpdateSet((eb) => ({ counted_at: eb.ref('excluded.counted_at') }))
            .where('search_keyword_hits.counted_at', '<=', windowStart),
        )
        .returning('keyword'),
    )
    .insertInto('search_keyword_days')
    .columns(['day', 'keyword', 'display', 'count'])
    .expression((eb) =>
      eb
        .selectFrom('fresh')
        .select([
          sql<string>`${hit.day}::date`.as('day'),
          'fresh.keyword',
          sql<string>`${hit.display}`.as('display'),
          sql<number>`1`.as('count'),
        ]),
    )
    .onConflict((oc) =>
      oc.columns(['day', 'keyword']).doUpdateSet((eb) => ({
        count: sql<number>`${eb.ref('search_keyword_days.count')} + 1`,
        display: eb.ref('excluded.display'),
      })),
    )
    .returning('count')
    .executeTakeFirst();
  return result !== undefined;
}

/** The most searched keywords since `fromDay` (inclusive), each with the spelling last typed. */
export async function findHotKeywords(db: Db, fromDay: string, limit: number) {
  return db
    .selectFrom('search_keyword_days')
    .select([
      'keyword',
      sql<string>`(array_agg(display order by day desc))[1]`.as('display'),
      sql<number>`sum(count)::int`.as('count'),
    ])
    .where('day', '>=', sql<string>`${fromDay}::date`)
    .groupBy('keyword')
    .orderBy('count', 'desc')
    .orderBy('keyword')
    .limit(limit)
    .execute();
}

/** Titles of the most popular published dramas, for a hot list with too few searches yet. */
export async function findHottestTitles(db: Db, limit: number): Promise<LocalizedText[]> {
  const rows = await db
    .selectFrom('dramas')
    .select('title')
    .where('status', '=', 'published')
    .orderBy('hot_score', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.title);
}

/** Drops what no longer matters: clients' last counts older than the hour, days out of the window. */
export async function pruneSearchCounts(db: Db, hitsBefore: Date, daysBefore: string): Promise<void> {
  await db.deleteFrom('search_keyword_hits').where('counted_at', '<', hitsBefore).execute();
  await db.deleteFrom('search_keyword_days').where('day', '<', sql<string>`${daysBefore}::date`).execute();
}
