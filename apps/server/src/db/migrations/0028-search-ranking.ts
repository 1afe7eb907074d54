/**
 * Search ranking that does not grow with the number of matches (modules/search/queries.ts).
 *
 * Title matches come first, so they are found through indexes of the title alone: a GIN trigram
 * index of search_title for keywords of three or more characters, and a GIN index of the title's
 * CJK characters and pairs of adjacent ones (search_title_grams) for keywords of one or two. The
 * pairs are computed by the database from search_title, with the same rule as search_grams (the
 * non-ASCII characters and every pair of adjacent ones; an ASCII character breaks a pair), so
 * they are current in the same statement that writes the title and need no re-indexing pass.
 *
 * With those, the top of the title matches by popularity is read either by walking the
 * popularity order until enough are found (a frequent keyword: few index entries read; for one or
 * two CJK characters an index-only walk of dramas_search_title_rank_idx) or from the title index
 * (a rare keyword: few matches); the planner picks by the indexes' statistics.
 */
/** 100 characters of pairs stay within a btree row (at most 2,704 bytes) with room to spare. */
export const TITLE_GRAMS_MAX_LENGTH = 100;
export const statements = [
  `create function search_text_grams(t text) returns text[] language sql immutable parallel safe as $$
    select coalesce(array_agg(g order by g), '{}') from (
      select substr(t, i, 1) as g from generate_series(1, length(t)) as i
        where ascii(substr(t, i, 1)) > 127
      union
      select substr(t, i, 2) from generate_series(1, length(t) - 1) as i
        where ascii(substr(t, i, 1)) > 127 and ascii(substr(t, i + 1, 1)) > 127
    ) as grams
  $$`,
  // Null for a title longer than TITLE_GRAMS_MAX_LENGTH characters: its pairs would not fit in
  // a row of the btree below. Such a title is matched by LIKE instead (the last index).
  `alter table dramas add column search_title_grams text[] generated always as (
    case when length(search_title) <= ${TITLE_GRAMS_MAX_LENGTH} then search_text_grams(search_title) end
  ) stored`,
  `create index dramas_search_title_trgm_idx on dramas using gin (search_title gin_trgm_ops) where status = 'published'`,
  `create index dramas_search_title_grams_idx on dramas using gin (search_title_grams) where status = 'published'`,
  // The popularity order with each title's pairs inside the index: a frequent keyword's top
  // titles are found by an index-only walk, without reading a single row of dramas.
  `create index dramas_search_title_rank_idx on dramas (hot_score desc, id desc) include (search_title_grams)
    where status = 'published'`,
  `create index dramas_search_long_title_idx on dramas (hot_score desc, id desc)
    where status = 'published' and search_title_grams is null`,
  // Every change of a counter writes a new row version into every index of dramas, the GIN ones
  // too, and a GIN index keeps new entries in a pending list that each search reads through until
  // a vacuum or the list's limit merges it (4 MB by default: milliseconds added to every search).
  // A small limit merges often, keeping searches fast between vacuums.
  `alter index dramas_search_trgm_idx set (gin_pending_list_limit = 256)`,
  `alter index dramas_search_grams_idx set (gin_pending_list_limit = 256)`,
  `alter index dramas_search_title_trgm_idx set (gin_pending_list_limit = 256)`,
  `alter index dramas_search_title_grams_idx set (gin_pending_list_limit = 256)`,
];
