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
 * With those, the top of the title matches by popularity is read either by walking
 * dramas_hot_idx until enough are found (a frequent keyword: few rows read) or from the title
 * index (a rare keyword: few matches); the planner picks by the indexes' statistics.
 */
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
  `alter table dramas add column search_title_grams text[] generated always as (search_text_grams(search_title)) stored`,
  `create index dramas_search_title_trgm_idx on dramas using gin (search_title gin_trgm_ops) where status = 'published'`,
  `create index dramas_search_title_grams_idx on dramas using gin (search_title_grams) where status = 'published'`,
];
