/**
 * Search and the explore feed served from an index each instance keeps in memory
 * (modules/discovery), kept current by reading only the dramas changed since it last looked.
 *
 * Every change to a drama stamps its row with the id of the transaction that made it
 * (change_xid); a drama deleted outright leaves its id in drama_removals with the same stamp. An
 * instance remembers, at each look, which transactions its snapshot could not see (those still
 * running, and every one from the snapshot's xmax on): the next look reads the rows stamped by
 * those and no others, so none is missed however long a transaction ran before it committed, and
 * a transaction left open does not make every look read again what the last one read. Changing an episode stamps its drama too (whether a drama
 * has a free episode ready decides whether the feed shows it), and so does renaming its category
 * or one of its tags (a card shows their names).
 *
 * 0028's title indexes are dropped: the ranking they served is the index's now, and each of them
 * was rewritten on every view of a drama.
 */
export const statements = [
  `alter table dramas add column change_xid bigint not null default 0`,
  `create function dramas_change_xid() returns trigger language plpgsql as $$
    begin
      new.change_xid := pg_current_xact_id()::text::bigint;
      return new;
    end
  $$`,
  `create trigger dramas_change_xid before insert or update on dramas
    for each row execute function dramas_change_xid()`,
  `create index dramas_change_xid_idx on dramas (change_xid)`,
  `create function episodes_stamp_drama() returns trigger language plpgsql as $$
    begin
      update dramas set change_xid = 0 where id in (select drama_id from changed);
      return null;
    end
  $$`,
  `create function episodes_moved_stamp_drama() returns trigger language plpgsql as $$
    begin
      update dramas set change_xid = 0 where id in (old.drama_id, new.drama_id);
      return null;
    end
  $$`,
  `create trigger episodes_added_stamp_drama after insert on episodes
    referencing new table as changed for each statement execute function episodes_stamp_drama()`,
  // Only what decides the episode the feed plays: a like's count on an episode stamps nothing.
  // (A trigger with a column list cannot see the statement's rows as a table: one per row.)
  `create trigger episodes_changed_stamp_drama
    after update of drama_id, sequence, is_free, status, media_status, duration_seconds, media_key on episodes
    for each row execute function episodes_moved_stamp_drama()`,
  `create trigger episodes_removed_stamp_drama after delete on episodes
    referencing old table as changed for each statement execute function episodes_stamp_drama()`,
  // A drama deleted outright leaves a mark with the same stamp, read like a change.
  `create table drama_removals (
    drama_id integer not null,
    change_xid bigint not null default pg_current_xact_id()::text::bigint,
    removed_at timestamptz not null default now()
  )`,
  `create index drama_removals_change_xid_idx on drama_removals (change_xid)`,
  `create function dramas_removed() returns trigger language plpgsql as $$
    begin
      insert into drama_removals (drama_id) select id from removed;
      return null;
    end
  $$`,
  `create trigger dramas_removed after delete on dramas
    referencing old table as removed for each statement execute function dramas_removed()`,
  // A card shows its category's and tags' names and slugs.
  `create function categories_stamp_dramas() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name or new.slug is distinct from old.slug then
        update dramas set change_xid = 0 where category_id = new.id;
      end if;
      return null;
    end
  $$`,
  `create trigger categories_stamp_dramas after update of name, slug on categories
    for each row execute function categories_stamp_dramas()`,
  `create function tags_stamp_dramas() returns trigger language plpgsql as $$
    begin
      if new.name is distinct from old.name or new.slug is distinct from old.slug then
        update dramas set change_xid = 0 where id in (select drama_id from drama_tags where tag_id = new.id);
      end if;
      return null;
    end
  $$`,
  `create trigger tags_stamp_dramas after update of name, slug on tags
    for each row execute function tags_stamp_dramas()`,

  `drop index if exists dramas_search_title_trgm_idx`,
  `drop index if exists dramas_search_title_grams_idx`,
  `drop index if exists dramas_search_title_rank_idx`,
  `drop index if exists dramas_search_long_title_idx`,
  `alter table dramas drop column if exists search_title_grams`,
  `drop function if exists search_text_grams(text)`,
];
