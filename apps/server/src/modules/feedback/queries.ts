import type { FeedbackStatus, FeedbackType } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { FeedbackRow } from '../../db/schema.js';
import { type PageWindow, withTotal } from '../../platform/paging.js';

export interface FeedbackRecord extends FeedbackRow {
  username: string;
}

export interface ScreenshotRecord {
  feedback_id: number;
  upload_id: number;
  file_name: string;
}

export interface ReplyRecord {
  id: number;
  feedback_id: number;
  author: 'support' | 'user';
  content: string;
  created_at: Date;
}

/** Holds the member's row until the transaction ends, so that two sends cannot both pass the limit. */
export async function lockUser(db: Db, userId: number): Promise<void> {
  await db.selectFrom('users').select('id').where('id', '=', userId).forUpdate().executeTakeFirst();
}

export async function insertFeedback(
  db: Db,
  values: { userId: number; type: FeedbackType; content: string; contact: string | null; now: Date },
): Promise<number> {
  const row = await db
    .insertInto('feedback')
    .values({
      user_id: values.userId,
      type: values.type,
      content: values.content,
      contact: values.contact,
      created_at: values.now,
      updated_at: values.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertScreenshots(db: Db, feedbackId: number, uploadIds: readonly number[]): Promise<void> {
  if (uploadIds.length === 0) return;
  await db
    .insertInto('feedback_screenshots')
    .values(uploadIds.map((uploadId, position) => ({ feedback_id: feedbackId, upload_id: uploadId, position })))
    .execute();
}

function allFeedback(db: Db) {
  return db.selectFrom('feedback as f');
}

function withUser(feedback: ReturnType<typeof allFeedback>) {
  return feedback.innerJoin('users as u', 'u.id', 'f.user_id').selectAll('f').select('u.username');
}

/** One page of feedback, newest first: a member's own (`userId`) or everyone's. */
export async function findFeedbackPage(
  db: Db,
  filter: { userId?: number; status?: FeedbackStatus | undefined } & PageWindow,
): Promise<{ rows: FeedbackRecord[]; total: number }> {
  let base = allFeedback(db);
  if (filter.userId !== undefined) base = base.where('f.user_id', '=', filter.userId);
  if (filter.status !== undefined) base = base.where('f.status', '=', filter.status);
  return withTotal(
    withUser(base).orderBy('f.created_at', 'desc').orderBy('f.id', 'desc').offset(filter.offset).limit(filter.limit).execute(),
    base,
  );
}

export async function findFeedbackById(db: Db, id: number): Promise<FeedbackRecord | undefined> {
  return withUser(allFeedback(db)).where('f.id', '=', id).executeTakeFirst();
}

export async function findFeedbackForUpdate(db: Db, id: number): Promise<FeedbackRow | undefined> {
  return db.selectFrom('feedback').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function findScreenshots(db: Db, feedbackIds: readonly number[]): Promise<ScreenshotRecord[]> {
  if (feedbackIds.length === 0) return [];
  return db
    .selectFrom('feedback_screenshots as s')
    .innerJoin('uploads as up', 'up.id', 's.upload_id')
    .select(['s.feedback_id', 's.upload_id', 'up.file_name'])
    .where('s.feedback_id', 'in', feedbackIds)
    .orderBy('s.feedback_id')
    .orderBy('s.position')
    .execute();
}

export async function findReplies(db: Db, feedbackIds: readonly number[]): Promise<ReplyRecord[]> {
  if (feedbackIds.length === 0) return [];
  return db
    .selectFrom('feedback_replies')
    .select(['id', 'feedback_id', 'author', 'content', 'created_at'])
    .where('feedback_id', 'in', feedbackIds)
    .orderBy('feedback_id')
    .orderBy('id')
    .execute();
}

export async function insertReply(
  db: Db,
  values: { feedbackId: number; author: 'support' | 'user'; content: string; now: Date },
): Promise<void> {
  await db
    .insertInto('feedback_replies')
    .values({ feedback_id: values.feedbackId, author: values.author, content: values.content, created_at: values.now })
    .execute();
}

export async function setFeedbackStatus(db: Db, id: number, status: FeedbackStatus, now: Date): Promise<void> {
  await db.updateTable('feedback').set({ status, updated_at: now }).where('id', '=', id).execute();
}
