import type { NoticeKind } from '@drama/contracts';
import { type RawBuilder, sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { switchIsOn } from '../member-settings/index.js';
import type { NewNotice } from './sink.js';

type Executor = Db | Transaction<Database>;

interface MadeRow {
  id: number;
  user_id: number;
  kind: string;
  data: Record<string, string | number>;
  created_at: Date | string;
}

async function made(db: Executor, statement: RawBuilder<MadeRow>): Promise<NewNotice[]> {
  const { rows } = await statement.execute(db);
  return rows.map((row) => ({
    id: row.id,
    userId: row.user_id,
    kind: row.kind as NoticeKind,
    values: typeof row.data === 'string' ? (JSON.parse(row.data) as Record<string, string | number>) : row.data,
    createdAt: new Date(row.created_at),
  }));
}

const RETURNING = sql`returning id, user_id, kind, data, created_at`;

/**
 * One statement for every member who favourited the episode's drama with "updates" on: a notice
 * each, while the episode is one viewers can see. The unique (user, `new-episode:<drama>:<day>`)
 * key keeps it to one a drama a day; an episode already noticed to a member is never noticed again
 * (its file replaced, unpublished and published again).
 */
export function insertNewEpisode(db: Executor, episodeId: number, day: string, now: Date): Promise<NewNotice[]> {
  return made(
    db,
    sql<MadeRow>`insert into notices (user_id, kind, data, dedupe_key, created_at)
      select f.user_id, 'new-episode',
        jsonb_build_object('dramaId', e.drama_id, 'episodeId', e.id, 'sequence', e.sequence),
        'new-episode:' || e.drama_id || ':' || ${day}::text, ${now}
      from episodes e
      join dramas d on d.id = e.drama_id and d.status = 'published'
      join favorites f on f.drama_id = e.drama_id
      where e.id = ${episodeId} and e.status = 'published' and e.media_status = 'ready'
        and ${switchIsOn('f.user_id', 'notify_updates')}
        and not exists (
          select 1 from notices n
          where n.user_id = f.user_id and n.kind = 'new-episode' and n.data->>'episodeId' = e.id::text
        )
      on conflict (user_id, dedupe_key) do nothing
      ${RETURNING}`,
  );
}

/** The drama's newest episode viewers can watch, or null. */
export async function newestEpisodeOf(db: Executor, dramaId: number): Promise<number | null> {
  const row = await db
    .selectFrom('episodes')
    .select('id')
    .where('drama_id', '=', dramaId)
    .where('status', '=', 'published')
    .where('media_status', '=', 'ready')
    .orderBy('sequence', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** A "messages" notice to one member, when that member has the switch on. */
export function insertMessage(
  db: Executor,
  userId: number,
  kind: Exclude<NoticeKind, 'new-episode'>,
  values: Record<string, string | number>,
  now: Date,
): Promise<NewNotice[]> {
  return made(
    db,
    sql<MadeRow>`insert into notices (user_id, kind, data, created_at)
      select u.id, ${kind}, ${JSON.stringify(values)}::jsonb, ${now}
      from users u
      where u.id = ${userId} and ${switchIsOn('u.id', 'notify_messages')}
      ${RETURNING}`,
  );
}

/**
 * The VIP reminders due now: three days before the expiry's day and on that day (in the app's
 * time zone), for members with "messages" on. Keyed by member, expiry and days left, so that
 * every run (on any instance, at once or again later) adds nothing already made; a renewal moves
 * the expiry and so earns its own reminders.
 */
export function insertVipEndings(db: Executor, now: Date, timeZone: string): Promise<NewNotice[]> {
  const expiry = sql`to_char(u.vip_expire_time at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  return made(
    db,
    sql<MadeRow>`insert into notices (user_id, kind, data, dedupe_key, created_at)
      select u.id, 'vip-ending',
        jsonb_build_object('daysLeft', left_days.days, 'expiresAt', ${expiry}),
        'vip-ending:' || ${expiry} || ':' || left_days.days, ${now}
      from users u
      cross join lateral (
        select ((u.vip_expire_time at time zone ${timeZone})::date - (${now}::timestamptz at time zone ${timeZone})::date) as days
      ) left_days
      where u.vip_expire_time > ${now} and left_days.days in (3, 0)
        and ${switchIsOn('u.id', 'notify_messages')}
      on conflict (user_id, dedupe_key) do nothing
      ${RETURNING}`,
  );
}

export interface NoticeListRow {
  id: number;
  kind: string;
  data: Record<string, string | number>;
  read_at: Date | null;
  created_at: Date;
  drama_id: number | null;
  drama_title: unknown;
  cover_path: string | null;
}

/** A member's notices, newest first, with the drama a new-episode notice is about. */
export async function listOf(db: Db, userId: number, offset: number, limit: number): Promise<{ rows: NoticeListRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('notices as n')
      .leftJoin('dramas as d', (join) => join.on(sql<boolean>`d.id = case when n.kind = 'new-episode' then (n.data->>'dramaId')::int end`))
      .select(['n.id', 'n.kind', 'n.data', 'n.read_at', 'n.created_at', 'd.id as drama_id', 'd.title as drama_title', 'd.cover_path'])
      .where('n.user_id', '=', userId)
      .orderBy('n.id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute(),
    db.selectFrom('notices').select((eb) => eb.fn.countAll<string>().as('n')).where('user_id', '=', userId).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as NoticeListRow[], total: Number(count.n) };
}

export async function unreadOf(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('notices')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Marks one of the member's notices read; undefined when the member has no such notice. */
export async function markRead(db: Db, userId: number, id: number, now: Date): Promise<number | undefined> {
  const row = await db.selectFrom('notices').select(['id', 'read_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
  if (!row) return undefined;
  if (row.read_at) return 0;
  const result = await db.updateTable('notices').set({ read_at: now }).where('id', '=', id).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function markAllRead(db: Db, userId: number, now: Date): Promise<number> {
  const result = await db.updateTable('notices').set({ read_at: now }).where('user_id', '=', userId).where('read_at', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows);
}
