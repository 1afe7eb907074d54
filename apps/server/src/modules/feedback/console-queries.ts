import type { FeedbackStatus, FeedbackType } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

/** The roles an item may be assigned to: those that may answer it. */
export const ASSIGNABLE_ROLES = ['support', 'owner'] as const;

export interface InboxRecord {
  id: number;
  user_id: number;
  type: FeedbackType;
  content: string;
  contact: string | null;
  status: FeedbackStatus;
  created_at: Date;
  updated_at: Date;
  username: string;
  nickname: string | null;
  assignee_id: number | null;
  assignee_username: string | null;
}

export interface InboxFilter {
  status?: FeedbackStatus | undefined;
  type?: FeedbackType | undefined;
  /** An operator's id, or null for items nobody is assigned to. */
  assigneeId?: number | null | undefined;
}

function inbox(db: Db, filter: InboxFilter) {
  let query = db.selectFrom('feedback as f');
  if (filter.status !== undefined) query = query.where('f.status', '=', filter.status);
  if (filter.type !== undefined) query = query.where('f.type', '=', filter.type);
  if (filter.assigneeId === null) query = query.where('f.assignee_id', 'is', null);
  else if (filter.assigneeId !== undefined) query = query.where('f.assignee_id', '=', filter.assigneeId);
  return query;
}

function withPeople(query: ReturnType<typeof inbox>) {
  return query
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .leftJoin('operators as o', 'o.id', 'f.assignee_id')
    .select([
      'f.id',
      'f.user_id',
      'f.type',
      'f.content',
      'f.contact',
      'f.status',
      'f.created_at',
      'f.updated_at',
      'f.assignee_id',
      'u.username',
      'u.nickname',
      'o.username as assignee_username',
    ]);
}

/** One page of every member's feedback, filtered, by the time it was sent. */
export async function findInboxPage(
  db: Db,
  filter: InboxFilter & PageWindow & { order: 'asc' | 'desc' },
): Promise<{ rows: InboxRecord[]; total: number }> {
  const base = inbox(db, filter);
  return withTotal(
    withPeople(base).orderBy('f.created_at', filter.order).orderBy('f.id', filter.order).offset(filter.offset).limit(filter.limit).execute(),
    base,
  );
}

export async function findInboxItem(db: Db, id: number): Promise<InboxRecord | undefined> {
  return withPeople(inbox(db, {})).where('f.id', '=', id).executeTakeFirst();
}

/** Pending items: everyone's, and those assigned to `operatorId`. */
export async function countUnanswered(db: Db, operatorId: number | null): Promise<{ all: number; mine: number }> {
  const row = await db
    .selectFrom('feedback')
    .select([
      sql<number>`count(*)::int`.as('all'),
      sql<number>`count(*) filter (where assignee_id = ${operatorId ?? -1})::int`.as('mine'),
    ])
    .where('status', '=', 'pending')
    .executeTakeFirstOrThrow();
  return { all: row.all, mine: row.mine };
}

/** Active operators who may answer feedback, by name. */
export async function findAssignableOperators(db: Db) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('status', '=', 'active')
    .where('role', 'in', ASSIGNABLE_ROLES)
    .orderBy('username')
    .execute();
}

export async function findAssignableOperator(db: Db, id: number) {
  return db
    .selectFrom('operators')
    .select(['id', 'username', 'role'])
    .where('id', '=', id)
    .where('status', '=', 'active')
    .where('role', 'in', ASSIGNABLE_ROLES)
    .executeTakeFirst();
}

export async function setAssignee(db: Db, id: number, operatorId: number | null, now: Date): Promise<void> {
  await db.updateTable('feedback').set({ assignee_id: operatorId, updated_at: now }).where('id', '=', id).execute();
}

/** Whether support has answered the item at least once. */
export async function hasSupportReply(db: Db, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('feedback_replies')
    .select('id')
    .where('feedback_id', '=', id)
    .where('author', '=', 'support')
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
