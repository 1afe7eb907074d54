/**
 * Hot searches counted as demand: distinct searchers, not searches.
 *
 * search_demand holds one row per keyword, day (APP_TIMEZONE) and searcher: a member by id
 * ('m:<id>'), a guest by a keyed hash of its address ('g:<hash>'). `address` is that keyed hash
 * for members too, so that many accounts behind one address can be capped together. No raw
 * address is stored. A searcher searching a keyword again the same day adds nothing, so one
 * person's repeats cannot push a keyword; the hot list counts distinct searchers over the window
 * (modules/search/service.ts has the thresholds).
 *
 * search_blocked_terms: keywords (normalised) an operator keeps off the hot list.
 *
 * The counts of 0005 were raw searches per client and hour; they cannot be turned into distinct
 * searchers, so they go: the list starts from the editorial titles again.
 */
export const statements = [
  `create table search_demand (
    keyword text not null,
    day date not null,
    searcher text not null,
    address text not null,
    display text not null,
    primary key (keyword, day, searcher)
  )`,
  `create index search_demand_day_idx on search_demand (day)`,
  `create table search_blocked_terms (
    keyword text primary key,
    term text not null,
    blocked_at timestamptz not null default now()
  )`,
  `drop table search_keyword_hits`,
  `drop table search_keyword_days`,
];
