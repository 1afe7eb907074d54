import { type MemberAdjustmentKind, normalizePhone, PHONE_PATTERN } from '@drama/contracts';
import type { ColumnType, Generated, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/* The console's grants and deductions (0015). */

export interface MemberAdjustmentsTable {
  id: Generated<number>;
  user_id: number;
  kind: MemberAdjustmentKind;
  amount: number;
  reason: string;
  idempotency_key: string;
  before: string | null;
  after: string | null;
  points_record_id: number | null;
  operator_id: number | null;
  operator_username: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../db/schema.js' {
  interface Database {
    member_adjustments: MemberAdjustmentsTable;
  }
}

export type MemberAdjustmentRow = Selectable<MemberAdjustmentsTable>;

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}

const MAX_ID = 2_147_483_647;
/** From this length a part of a name matches anywhere (the trigram indexes serve it); shorter ones match the start. */
const TRIGRAM_MIN = 3;

/**
 * Members matching a search, newest first. Each branch is one an index serves: the primary key
 * (an id), the phone and e-mail keys or their text_pattern_ops indexes (a whole contact, or its
 * start when `contactPrefix`), and the trigram or prefix indexes of usernames and nicknames.
 */
export async function searchMembers(
  db: Db,
  filter: { query?: string | undefined; contactPrefix: boolean } & PageWindow,
): Promise<{ rows: UserRow[]; total: number }> {
  let query = db.selectFrom('users');
  const text = filter.query;
  if (text !== undefined) {
    const lower = text.toLowerCase();
    const compact = text.replace(/[\s-]/g, '');
    query = query.where((eb) => {
      const branches = [];
      if (/^\d{1,10}$/.test(text) && Number(text) <= MAX_ID && Number(text) > 0) branches.push(eb('id', '=', Number(text)));
      if (text.includes('@')) {
        branches.push(
          filter.contactPrefix
            ? eb(sql<string>`lower(email)`, 'like', `${escapeLike(lower)}%`)
            : eb(sql<string>`lower(email)`, '=', lower),
        );
      } else {
        // A whole phone number is a phone, not a part of a name.
        if (PHONE_PATTERN.test(compact)) branches.push(eb('phone', '=', normalizePhone(compact)));
        else {
          if (filter.contactPrefix && /^\+?\d{3,}$/.test(compact)) {
            branches.push(eb('phone', 'like', `${escapeLike(compact.replace(/^\+?86(?=1)/, ''))}%`));
          }
          const pattern = [...lower].length >= TRIGRAM_MIN ? `%${escapeLike(lower)}%` : `${escapeLike(lower)}%`;
          branches.push(eb(sql<string>`lower(username)`, 'like', pattern));
          branches.push(eb(sql<string>`lower(nickname)`, 'like', pattern));
        }
      }
      return eb.or(branches);
    });
  }
  return withTotal(query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(), query);
}

export async function findMember(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The member's row, locked until the transaction ends: every change of one member queues here. */
export async function lockMember(db: Db, id: number): Promise<UserRow | undefined> {
  return db.selectFrom('users').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/**
 * Claims an idempotency key for a change. Undefined when the key is taken: by a change that has
 * committed, or by one still running (the insert then waits for it, on the unique index).
 */
export async function claimAdjustment(
  db: Db,
  values: Omit<MemberAdjustmentsTable, 'id' | 'created_at' | 'before' | 'after' | 'points_record_id'> & { created_at: Date },
): Promise<MemberAdjustmentRow | undefined> {
  return db
    .insertInto('member_adjustments')
    .values(values)
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returningAll()
    .executeTakeFirst();
}

export async function findAdjustmentByKey(db: Db, key: string): Promise<MemberAdjustmentRow | undefined> {
  return db.selectFrom('member_adjustments').selectAll().where('idempotency_key', '=', key).executeTakeFirst();
}

export async function completeAdjustment(
  db: Db,
  id: number,
  result: { before: string | null; after: string | null; points_record_id?: number },
): Promise<MemberAdjustmentRow> {
  return db.updateTable('member_adjustments').set(result).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function findAdjustments(db: Db, filter: { userId: number; kind?: MemberAdjustmentKind | undefined } & PageWindow) {
  let query = db.selectFrom('member_adjustments').where('user_id', '=', filter.userId);
  if (filter.kind !== undefined) query = query.where('kind', '=', filter.kind);
  return withTotal(query.selectAll().orderBy('id', 'desc').offset(filter.offset).limit(filter.limit).execute(), query);
}

/** A member's watch history with every drama they watched, whatever its status now. */
export async function findHistory(db: Db, userId: number, page: PageWindow) {
  const base = db.selectFrom('watch_records as w').where('w.user_id', '=', userId);
  return withTotal(
    base
      .innerJoin('dramas as d', 'd.id', 'w.drama_id')
      .innerJoin('episodes as e', 'e.id', 'w.episode_id')
      .select([
        'w.id',
        'w.drama_id',
        'w.episode_id',
        'w.progress_seconds',
        'w.watched_at',
        'd.title',
        'd.episode_count',
        'e.sequence',
      ])
      .orderBy('w.watched_at', 'desc')
      .orderBy('w.id', 'desc')
      .offset(page.offset)
      .limit(page.limit)
      .execute(),
    base,
  );
}

/** Ends every token the member holds: the token version each carries no longer matches. */
export async function endMemberSessions(db: Db, id: number, now: Date): Promise<UserRow> {
  return db
    .updateTable('users')
    .set((eb) => ({ token_version: eb('token_version', '+', 1), updated_at: now }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Sets the status; with `endSessions` every token issued so far stops working. */
export async function setUserStatus(
  db: Db,
  id: number,
  status: number,
  options: { endSessions: boolean },
): Promise<UserRow | undefined> {
  return db
    .updateTable('users')
    .set((eb) => ({
      status,
      token_version: options.endSessions ? eb('token_version', '+', 1) : eb.ref('token_version'),
      updated_at: new Date(),
    }))
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}
