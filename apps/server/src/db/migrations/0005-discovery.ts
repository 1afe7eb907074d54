/**
 * Discovery: search, hot searches, the explore feed and popularity.
 *
 * Search. Each drama keeps its texts in a normalised form (lower case, NFKC, Traditional
 * characters folded to Simplified: modules/search/normalize.ts), one column per field so that a
 * hit can say where it matched. The normaliser is JavaScript (OpenCC), so the database cannot
 * compute these columns itself; instead it marks a drama stale whenever something they depend on
 * changes (its title or description, its tags, a tag's name), and the search service rewrites
 * the stale ones within seconds, in the background (modules/search/search-index.ts). Whoever
 * writes dramas (seed, import, an operator with SQL) needs to do nothing more.
 *
 * Two indexes serve the search:
 * - a GIN trigram index (pg_trgm) for keywords of three or more characters. pg_trgm takes CJK
 *   characters as letters only when the database's LC_CTYPE knows them (C.UTF-8, en_US.UTF-8,
 *   zh_CN.UTF-8 ...; not plain "C"); with "C" the results stay right but CJK keywords scan.
 * - a GIN index of the text's non-ASCII (CJK) characters and pairs of adjacent ones (search_grams,
 *   written with the texts), for keywords of one or two CJK characters: trigrams cannot serve
 *   those, and they are the common Chinese query.
 *
 * Popularity. hot_score = views + 3 * likes + 5 * favourites, and the explore feed's
 * explore_score = log10(1 + hot_score) + published_at (epoch seconds) / 45000, which needs no
 * "now": newer dramas start higher, and 45000 s (12.5 h) of age weighs as much as ten times the
 * engagement. Both are computed by a trigger in the statement that changes a counter, so no
 * request ever scans for them. explore_dropped_at records when explore_score last went down
 * (an unlike, an unfavourite, a moved publication date): the feed's cursor uses it to never serve
 * a drama twice in one scroll (modules/explore/queries.ts).
 *
 * Hot searches. search_keyword_hits remembers when a client (a hash of its address) last counted
 * a keyword, so that one client adds at most one per keyword per hour; search_keyword_days holds
 * the counts per calendar day. Both are pruned by the search service.
 */
export const statements = [
  `create extension if not exists pg_trgm`,

  `alter table dramas
    add column search_title text not null default '',
    add column search_description text not null default '',
    add column search_tags text not null default '',
    add column search_grams text[] not null default '{}',
    add column search_revision integer not null default 1,
    add column search_indexed_revision integer not null default 0,
    add column explore_score double precision not null default 0,
    add column explore_dropped_at timestamptz`,
  // U+001F (unit separator) keeps a match from spanning two fields; the normaliser removes
  // control characters from keywords, so no keyword can contain it.
  `alter table dramas add column search_text text generated always as (
    search_title || chr(31) || search_description || chr(31) || search_tags
  ) stored`,
  `create index dramas_search_trgm_idx on dramas using gin (search_text gin_trgm_ops) where status = 'published'`,
  `create index dramas_search_grams_idx on dramas using gin (search_grams) where status = 'published'`,
  `create index dramas_search_stale_idx on dramas (id) where search_indexed_revision <> search_revision`,

  `create function dramas_search_revision() returns trigger language plpgsql as $$
    begin
      if new.title is distinct from old.title or new.description is distinct from old.description then
        new.search_revision := old.search_revision + 1;
      end if;
      return new;
    end
  $$`,
  `create trigger dramas_search_revision before update of title, description on dramas
    for each row execute function dramas_search_revision()`,
  `create function drama_tags_search_revision() returns trigger language plpgsql as $$
    begin
      update dramas set search_revision = search_revision + 1 where id in (select drama_id from changed);
      return null;
    end
  $$`,
  `create trigger drama_tags_added_search_revision after insert on drama_tags
    referencing new table as changed for each statement execute function drama_tags_search_revision()`,
  `create trigger drama_tags_removed_search_revision after delete on drama_tags
    referencing old table as changed for each statement execute function drama_tags_search_revision()`,
  `create function tags_renamed_search_revision() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name then
        update dramas set search_revision = search_revision + 1
          where id in (select drama_id from drama_tags where tag_id = new.id);
      end if;
      return null;
    end
  $$`,
  `create trigger tags_renamed_search_revision after update of name on tags
    for each row execute function tags_renamed_search_revision()`,

  `create function dramas_popularity() returns trigger language plpgsql as $$
    begin
      -- In double precision: the integer sum of large counters would overflow.
      new.hot_score := new.view_count::double precision + 3.0 * new.like_count + 5.0 * new.favorite_count;
      new.explore_score := log(1 + new.hot_score) + extract(epoch from new.published_at)::double precision / 45000;
      if tg_op = 'UPDATE' and new.explore_score < old.explore_score then
        -- clock_timestamp(), not now(): the moment of the change, however long the transaction.
        new.explore_dropped_at := clock_timestamp();
      end if;
      return new;
    end
  $$`,
  `create trigger dramas_popularity before insert or update of view_count, like_count, favorite_count, published_at, hot_score, explore_score
    on dramas for each row execute function dramas_popularity()`,
  `update dramas set view_count = view_count`,
  `create index dramas_explore_idx on dramas (explore_score desc, id desc) where status = 'published'`,

  `create table search_keyword_hits (
    keyword text not null,
    client text not null,
    counted_at timestamptz not null,
    primary key (keyword, client)
  )`,
  `create index search_keyword_hits_counted_idx on search_keyword_hits (counted_at)`,
  `create table search_keyword_days (
    day date not null,
    keyword text not null,
    display text not null,
    count integer not null default 0 check (count >= 0),
    primary key (day, keyword)
  )`,
];
