import type { TaskType } from '@drama/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';
import './drama-starts-queries.js';

/** A member's claims of the given periods (today, yesterday, 'once'). */
export async function findClaims(db: Db, userId: number, periods: string[]) {
  return db
    .selectFrom('task_claims')
    .select(['task_type', 'period', 'streak', 'points'])
    .where('user_id', '=', userId)
    .where('period', 'in', periods)
    .execute();
}

export type ClaimRow = Awaited<ReturnType<typeof findClaims>>[number];

/** Progress the client reported for the given periods. */
export async function findReportedProgress(db: Db, userId: number, periods: string[]) {
  return db
    .selectFrom('task_progress')
    .select(['task_type', 'period', 'progress'])
    .where('user_id', '=', userId)
    .where('period', 'in', periods)
    .execute();
}

/** Adds one step of reported progress, never beyond the target. */
export async function addReportedProgress(
  db: Db,
  step: { userId: number; taskType: TaskType; period: string; target: number; now: Date },
): Promise<void> {
  await db
    .insertInto('task_progress')
    .values({ user_id: step.userId, task_type: step.taskType, period: step.period, progress: 1, updated_at: step.now })
    .onConflict((oc) =>
      oc.columns(['user_id', 'task_type', 'period']).doUpdateSet((eb) => ({
        progress: sql<number>`least(${eb.ref('task_progress.progress')} + 1, ${step.target})`,
        updated_at: eb.ref('excluded.updated_at'),
      })),
    )
    .execute();
}

/**
 * Dramas the member started an episode of since `dayStart`: each watch call marks the drama for
 * the day (drama_starts), whether or not the member keeps a history; before those marks existed
 * the watch records' once-a-day mark (view_counted_at) said the same, so either counts, once.
 * A merged guest history or a position report sets neither.
 */
export async function countDramasStartedSince(db: Db, userId: number, dayStart: Date): Promise<number> {
  const row = await sql<{ count: number }>`select count(*)::int as count from (
      select drama_id from drama_starts where user_id = ${userId} and day_start >= ${dayStart}
      union
      select drama_id from watch_records where user_id = ${userId} and view_counted_at >= ${dayStart}
    ) started`.execute(db);
  return row.rows[0]?.count ?? 0;
}

/**
 * Invitees who have watched an episode: a friend counts once they have done something real,
 * so accounts made only to claim the reward count for nothing.
 */
export async function countInvitees(db: Db, userId: number): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select(sql<number>`count(*)::int`.as('count'))
    .where('invited_by', '=', userId)
    .where('first_watched_at', 'is not', null)
    .executeTakeFirstOrThrow();
  return row.count;
}

/** What the newbie tasks look at. */
export async function findTaskUser(db: Db, userId: number) {
  return db
    .selectFrom('users')
    .select(['id', 'phone', 'email', 'nickname', 'avatar_file', 'invite_code'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Records a claim; false when the member already claimed this task for this period. The unique
 * key (user, task, period) decides between racing claims: the later one waits for the
 * earlier one's transaction and then finds the row.
 */
export async function insertClaim(
  db: Db,
  claim: { userId: number; taskType: TaskType; period: string; streak: number | null; points: number; recordId: number; now: Date },
): Promise<boolean> {
  const row = await db
    .insertInto('task_claims')
    .values({
      user_id: claim.userId,
      task_type: claim.taskType,
      period: claim.period,
      streak: claim.streak,
      points: claim.points,
      record_id: claim.recordId,
      claimed_at: claim.now,
    })
    .onConflict((oc) => oc.columns(['user_id', 'task_type', 'period']).doNothing())
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Gives the member an invite code unless one is set; returns the member's code, or null on a collision. */
export async function setInviteCode(db: Db, userId: number, code: string): Promise<string | null> {
  try {
    const row = await db
      .updateTable('users')
      .set({ invite_code: code })
      .where('id', '=', userId)
      .where('invite_code', 'is', null)
      .returning('invite_code')
      .executeTakeFirst();
    if (row?.invite_code) return row.invite_code;
  } catch (error) {
    if ((error as { code?: unknown }).code === '23505') return null;
    throw error;
  }
  const current = await db.selectFrom('users').select('invite_code').where('id', '=', userId).executeTakeFirst();
  return current?.invite_code ?? null;
}

/** Records who invited a new member; an unknown code (or the member's own) changes nothing. */
export async function linkInviter(db: Db, userId: number, inviteCode: string): Promise<boolean> {
  const inviter = await db
    .selectFrom('users')
    .select('id')
    .where('invite_code', '=', inviteCode)
    .where('id', '<>', userId)
    .executeTakeFirst();
  if (!inviter) return false;
  await db.updateTable('users').set({ invited_by: inviter.id }).where('id', '=', userId).execute();
  return true;
}

/** Records that the member opened the follow target (the latest open counts). */
export async function recordFollowOpen(db: Db, open: { userId: number; target: string; now: Date }): Promise<void> {
  await db
    .insertInto('follow_opens')
    .values({ user_id: open.userId, target: open.target, opened_at: open.now })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ target: open.target, opened_at: open.now }))
    .execute();
}

export async function findFollowOpen(db: Db, userId: number) {
  return db.selectFrom('follow_opens').select(['target', 'opened_at']).where('user_id', '=', userId).executeTakeFirst();
}

/** The operators' reward figures (0020): per task, and per day of the check-in streak. */
export async function findRewardFigures(db: Db) {
  const [tasks, checkIn] = await Promise.all([
    db.selectFrom('task_rewards').select(['task_type', 'points']).execute(),
    db.selectFrom('check_in_rewards').select(['day', 'points']).orderBy('day').execute(),
  ]);
  return { tasks, checkIn };
}
