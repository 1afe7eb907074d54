import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { switchIsOn } from '../member-settings/index.js';
import { ACTIVE_DAYS, CO_WATCH_TOP, FINISHED_SHARE, MAX_RECOMMENDATIONS, MAX_SEEDS, WEIGHTS } from './scoring.js';

/**
 * "People who watched this also watched": for every drama, the CO_WATCH_TOP dramas most often
 * watched by the same members, replaced whole. One pass over watch_records for the whole
 * catalogue, which is why only the scheduled job runs it. Members who turned personalisation
 * off are left out of it as well: their viewing is not used to recommend anything.
 */
export async function recomputeCoWatch(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await sql`delete from drama_co_watch`.execute(trx);
    await sql`
      with viewing as (
        select wr.user_id, wr.drama_id from watch_records wr where ${switchIsOn('wr.user_id', 'personalised')}
      ),
      watchers as (select drama_id, count(*) as n from viewing group by drama_id),
      pairs as (
        select a.drama_id, b.drama_id as other_drama_id, count(*)::int as members
        from viewing a join viewing b on b.user_id = a.user_id and b.drama_id <> a.drama_id
        group by a.drama_id, b.drama_id
      )
      insert into drama_co_watch (drama_id, other_drama_id, members, share, rank)
      select drama_id, other_drama_id, members, share, rank from (
        select p.drama_id, p.other_drama_id, p.members, p.members::float8 / w.n as share,
          row_number() over (partition by p.drama_id order by p.members desc, p.other_drama_id) as rank
        from pairs p join watchers w on w.drama_id = p.drama_id
      ) ranked
      where rank <= ${CO_WATCH_TOP}`.execute(trx);
  });
}

/**
 * Replaces one member's ranked dramas (the rule: scoring.ts), in one transaction; with the
 * switch off the member's rows are only deleted. Running it twice on the same data gives the
 * same rows (only computed_at moves).
 */
export async function refreshMember(db: Db, userId: number): Promise<number> {
  const w = WEIGHTS;
  return db.transaction().execute(async (trx) => {
    await sql`delete from member_recommendations where user_id = ${userId}`.execute(trx);
    const result = await sql`
      with member as (select ${userId}::int as user_id),
      watched as (
        select wr.drama_id,
          least(1.0, e.sequence::float8 / greatest(d.episode_count, 1)) as reached,
          (e.sequence >= d.episode_count and wr.progress_seconds >= e.duration_seconds * ${FINISHED_SHARE}::float8) as finished
        from watch_records wr
        join episodes e on e.id = wr.episode_id
        join dramas d on d.id = wr.drama_id
        where wr.user_id = ${userId}
      ),
      signals as (
        select drama_id, ${w.WATCH}::float8 + ${w.REACHED}::float8 * reached as weight from watched
        union all
        select distinct e.drama_id, ${w.LIKE}::float8 from episode_likes l join episodes e on e.id = l.episode_id where l.user_id = ${userId}
        union all
        select drama_id, ${w.FAVORITE}::float8 from favorites where user_id = ${userId}
      ),
      seeds as (
        select s.drama_id, sum(s.weight) as weight, d.category_id
        from signals s join dramas d on d.id = s.drama_id
        group by s.drama_id, d.category_id
        order by sum(s.weight) desc, s.drama_id
        limit ${MAX_SEEDS}
      ),
      total as (select sum(weight) as weight from seeds),
      -- What each seed says for each drama, from the three signals. Only dramas reached through
      -- a seed's category, tags or co-watching can score, so only they are looked at (not the
      -- whole catalogue): a tag shared adds TAG / (the drama's tag count), which sums to TAG ×
      -- the share of its tags the seed has too.
      parts as (
        select d.id as drama_id, s.drama_id as seed_id, ${w.CATEGORY}::float8 as amount
        from seeds s join dramas d on d.category_id = s.category_id
        union all
        select ct.drama_id, s.drama_id,
          ${w.TAG}::float8 / (select count(*) from drama_tags x where x.drama_id = ct.drama_id)
        from seeds s
        join drama_tags st on st.drama_id = s.drama_id
        join drama_tags ct on ct.tag_id = st.tag_id
        union all
        select cw.other_drama_id, s.drama_id, ${w.CO_WATCH}::float8 * cw.share
        from seeds s join drama_co_watch cw on cw.drama_id = s.drama_id
      ),
      -- Candidates: published dramas the member has not finished, never their own seed.
      contributions as (
        select p.drama_id, p.seed_id, s.weight / t.weight * sum(p.amount) as amount
        from parts p
        join seeds s on s.drama_id = p.seed_id
        join dramas d on d.id = p.drama_id and d.status = 'published'
        cross join total t
        where p.drama_id <> p.seed_id and p.drama_id not in (select drama_id from watched where finished)
        group by p.drama_id, p.seed_id, s.weight, t.weight
      ),
      scored as (
        select drama_id, sum(amount) as score,
          (array_agg(seed_id order by amount desc, seed_id))[1] as because_drama_id
        from contributions
        group by drama_id
        having sum(amount) > 0
      ),
      ranked as (
        select s.drama_id, s.score, s.because_drama_id,
          row_number() over (order by s.score desc, d.explore_score desc, d.id desc) as rank
        from scored s join dramas d on d.id = s.drama_id
      )
      insert into member_recommendations (user_id, drama_id, score, rank, because_drama_id)
      select member.user_id, r.drama_id, r.score, r.rank, r.because_drama_id
      from ranked r cross join member
      where r.rank <= ${MAX_RECOMMENDATIONS} and ${switchIsOn('member.user_id', 'personalised')}`.execute(trx);
    return Number(result.numAffectedRows ?? 0);
  });
}

/** Members the scheduled job refreshes: anyone with a signal in the last ACTIVE_DAYS, or rows to clear. */
export async function membersToRefresh(db: Db, now: Date): Promise<number[]> {
  const since = new Date(now.getTime() - ACTIVE_DAYS * 86_400_000);
  const rows = await sql<{ user_id: number }>`
    select user_id from watch_records where watched_at >= ${since}
    union select user_id from episode_likes where created_at >= ${since}
    union select user_id from favorites where created_at >= ${since}
    union select user_id from member_recommendations
    order by user_id`.execute(db);
  return rows.rows.map((row) => row.user_id);
}

/** The member's ranked dramas (switch read in the same statement): drama id, rank and the "because" drama's id. */
export async function findMemberList(db: Db, userId: number) {
  return db
    .selectFrom('member_recommendations as r')
    .select(['r.drama_id', 'r.rank', 'r.because_drama_id'])
    .where('r.user_id', '=', userId)
    .where(switchIsOn('r.user_id', 'personalised'))
    .orderBy('r.rank')
    .execute();
}

/** Every drama the member has a watch record of. */
export async function watchedDramaIds(db: Db, userId: number): Promise<number[]> {
  const rows = await db.selectFrom('watch_records').select('drama_id').where('user_id', '=', userId).execute();
  return rows.map((row) => row.drama_id);
}

/** Whether the member allows personalisation (no row: on). */
export async function personalisedOn(db: Db, userId: number): Promise<boolean> {
  const row = await db.selectFrom('member_settings').select('personalised').where('user_id', '=', userId).executeTakeFirst();
  return row?.personalised ?? true;
}

/** The titles of the dramas a recommendation names as its reason. */
export function dramaTitles(db: Db, ids: number[]) {
  return db.selectFrom('dramas').select(['id', 'title']).where('id', 'in', ids).execute();
}
