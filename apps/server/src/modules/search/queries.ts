import type { LocalizedText } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { DRAMA_RECORD_COLUMNS, DRAMA_TAGS_JSON, type DramaRecord } from '../catalogue/index.js';
import type { SearchTexts } from './search-texts.js';

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

/**
 * Results are served up to this rank and totals are counted up to it ("1,000+" beyond): past it
 * a reader refines the keyword rather than scrolls, and a bound on both is what keeps the cost
 * of a search independent of how many dramas match.
 */
export const SEARCH_WINDOW = 1_000;

function likePattern(keyword: string): string {
  return `%${escapeLike(keyword)}%`;
}

/** The keyword in any of the texts (title, description, tags). */
function matchesAnywhere(filter: SearchFilter) {
  // The character-pair index is exact (a pair is in the set exactly when it is in a text), so
  // those keywords need no LIKE over the whole text; trigrams only narrow, so LIKE decides.
  return filter.byGrams
    ? sql<boolean>`d.search_grams @> array[${filter.keyword}::text]`
    : sql<boolean>`d.search_text like ${likePattern(filter.keyword)}`;
}

function published(db: Db) {
  return db.selectFrom('dramas as d').where('d.status', '=', 'published');
}

/**
 * The ranking over every match, read and sorted (title matches first, then the most popular),
 * and every match counted: the reference the in-memory ranking (modules/search/ranking.ts) is
 * tested against, and what DISCOVERY_INDEX=database serves.
 */
export function fullSortQuery(db: Db, filter: SearchFilter) {
  return published(db)
    .where(matchesAnywhere(filter))
    .select(['d.id', sql<boolean>`d.search_title like ${likePattern(filter.keyword)}`.as('in_title')])
    .orderBy('in_title', 'desc')
    .orderBy('d.hot_score', 'desc')
    .orderBy('d.id', 'desc')
    .offset(filter.offset)
    .limit(filter.limit);
}

export async function fullSortRanking(db: Db, filter: SearchFilter): Promise<Ranking> {
  const [ranked, count] = await Promise.all([
    fullSortQuery(db, filter).execute(),
    published(db).where(matchesAnywhere(filter)).select(sql<number>`count(*)::int`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { ranked, total: count.total, capped: false };
}

export interface Ranking {
  ranked: Array<{ id: number; in_title: boolean }>;
  total: number;
  /** More dramas match than `total` says (it stops at SEARCH_WINDOW). */
  capped: boolean;
}

/** The dramas of one page of hits, with their tags and where else the keyword was found. */
async function findHits(db: Db, ids: number[], keyword: string) {
  const pattern = likePattern(keyword);
  return db
    .selectFrom('dramas as d')
    .leftJoin('categories as c', 'c.id', 'd.category_id')
    .select([
      ...DRAMA_RECORD_COLUMNS,
      sql<boolean>`d.search_description like ${pattern}`.as('in_description'),
      sql<boolean>`d.search_tags like ${pattern}`.as('in_tags'),
      DRAMA_TAGS_JSON.as('tags'),
    ])
    .where('d.id', 'in', ids)
    .execute();
}

/**
 * A page of search from the database alone, every match read and sorted (fullSortQuery): the
 * reference the in-memory ranking is held to, and what DISCOVERY_INDEX=database serves.
 */
export async function searchDramas(db: Db, filter: SearchFilter): Promise<{ rows: SearchRow[]; total: number; capped: boolean }> {
  const { ranked, total, capped } = await fullSortRanking(db, filter);
  if (ranked.length === 0) return { rows: [], total, capped };
  const hits = new Map((await findHits(db, ranked.map((row) => row.id), filter.keyword)).map((hit) => [hit.id, hit]));
  const rows = ranked.flatMap((row): SearchRow[] => {
    const hit = hits.get(row.id);
    return hit ? [{ ...hit, in_title: row.in_title }] : [];
  });
  return { rows, total, capped };
}

/* Hot searches: demand (0009). */

export interface DemandHit {
  keyword: string;
  display: string;
  day: string;
  searcher: string;
  address: string;
}

/**
 * Records that a searcher searched a keyword on a day; returns whether that is new (a searcher's
 * repeats the same day add nothing).
 */
export async function recordDemand(db: Db, hit: DemandHit): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    // A count lost to a crash in the next moment costs nothing; waiting for the disk on every
    // search would cost every searcher.
    await sql`set local synchronous_commit = off`.execute(trx);
    const row = await trx
      .insertInto('search_demand')
      .values({ ...hit, day: sql<string>`${hit.day}::date` })
      .onConflict((oc) => oc.columns(['keyword', 'day', 'searcher']).doNothing())
      .returning('keyword')
      .executeTakeFirst();
    return row !== undefined;
  });
}

export interface DemandRule {
  fromDay: string;
  /** Searchers behind one address count as at most this many for a keyword. */
  perAddress: number;
  minSearchers: number;
  limit: number;
}

/**
 * The keywords most searched since `fromDay` (inclusive) by distinct searchers, blocked ones left
 * out, each with its spelling last typed. A searcher seen from several addresses counts once,
 * under one of them.
 */
export async function findDemand(db: Db, rule: DemandRule) {
  const ranked = await db
    .with('searchers', (qb) =>
      qb
        .selectFrom('search_demand')
        .select(['keyword', 'searcher', sql<string>`min(address)`.as('address')])
        .where('day', '>=', sql<string>`${rule.fromDay}::date`)
        .where('keyword', 'not in', (eb) => eb.selectFrom('search_blocked_terms').select('keyword'))
        .groupBy(['keyword', 'searcher']),
    )
    .with('addresses', (qb) =>
      qb
        .selectFrom('searchers')
        .select(['keyword', sql<number>`least(count(*), ${rule.perAddress})`.as('n')])
        .groupBy(['keyword', 'address']),
    )
    .selectFrom('addresses')
    .select(['keyword', sql<number>`sum(n)::int`.as('searchers')])
    .groupBy('keyword')
    .having(sql<number>`sum(n)`, '>=', rule.minSearchers)
    .orderBy('searchers', 'desc')
    .orderBy('keyword')
    .limit(rule.limit)
    .execute();
  if (ranked.length === 0) return [];
  const displays = await db
    .selectFrom('search_demand')
    .select(['keyword', 'display'])
    .distinctOn('keyword')
    .where('keyword', 'in', ranked.map((row) => row.keyword))
    .where('day', '>=', sql<string>`${rule.fromDay}::date`)
    .orderBy('keyword')
    .orderBy('day', 'desc')
    .orderBy('display')
    .execute();
  const shown = new Map(displays.map((row) => [row.keyword, row.display]));
  return ranked.map((row) => ({ ...row, display: shown.get(row.keyword) ?? row.keyword }));
}

/**
 * Titles of published dramas in editorial order: the featured ones by their rank, then the most
 * popular.
 */
export async function findEditorialTitles(db: Db, limit: number): Promise<LocalizedText[]> {
  const rows = await db
    .selectFrom('dramas')
    .select('title')
    .where('status', '=', 'published')
    .orderBy('is_featured', 'desc')
    .orderBy(sql`featured_rank asc nulls last`)
    .orderBy('hot_score', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.title);
}

/** Drops days out of the window: they no longer count, and they name who searched what. */
export async function pruneDemand(db: Db, beforeDay: string): Promise<void> {
  await db.deleteFrom('search_demand').where('day', '<', sql<string>`${beforeDay}::date`).execute();
}

/* Blocked terms. */

export async function findBlockedTerms(db: Db) {
  return db.selectFrom('search_blocked_terms').selectAll().orderBy('blocked_at', 'desc').orderBy('keyword').execute();
}

export async function findBlockedKeywords(db: Db): Promise<Set<string>> {
  const rows = await db.selectFrom('search_blocked_terms').select('keyword').execute();
  return new Set(rows.map((row) => row.keyword));
}

/** Blocks a keyword; blocking one already blocked keeps the first record. */
export async function blockTerm(db: Db, keyword: string, term: string) {
  await db
    .insertInto('search_blocked_terms')
    .values({ keyword, term })
    .onConflict((oc) => oc.column('keyword').doNothing())
    .execute();
  return db.selectFrom('search_blocked_terms').selectAll().where('keyword', '=', keyword).executeTakeFirstOrThrow();
}

/** Unblocks a keyword; returns the record removed, if it was blocked. */
export async function unblockTerm(db: Db, keyword: string) {
  return db.deleteFrom('search_blocked_terms').where('keyword', '=', keyword).returningAll().executeTakeFirst();
}
