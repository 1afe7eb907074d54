import type { TaskType } from '@drama/contracts';
import type { Db } from '../../db/database.js';

/** The stored rewards with when each last changed. */
export async function findRewardRows(db: Db) {
  const [tasks, checkIn] = await Promise.all([
    db.selectFrom('task_rewards').select(['task_type', 'points', 'updated_at']).execute(),
    db.selectFrom('check_in_rewards').select(['day', 'points', 'updated_at']).orderBy('day').execute(),
  ]);
  return { tasks, checkIn };
}

/** A task's reward row, locked for the change (none before the task was ever stored). */
export async function lockTaskReward(db: Db, type: TaskType) {
  return db.selectFrom('task_rewards').select(['points']).where('task_type', '=', type).forUpdate().executeTakeFirst();
}

export async function upsertTaskReward(db: Db, type: TaskType, points: number, now: Date): Promise<void> {
  await db
    .insertInto('task_rewards')
    .values({ task_type: type, points, updated_at: now })
    .onConflict((oc) => oc.column('task_type').doUpdateSet({ points, updated_at: now }))
    .execute();
}

/** The check-in rewards, day 1 first, locked for the change. */
export async function lockCheckInRewards(db: Db) {
  return db.selectFrom('check_in_rewards').select(['day', 'points']).orderBy('day').forUpdate().execute();
}

export async function upsertCheckInRewards(db: Db, rewards: readonly number[], now: Date): Promise<void> {
  await db
    .insertInto('check_in_rewards')
    .values(rewards.map((points, index) => ({ day: index + 1, points, updated_at: now })))
    .onConflict((oc) => oc.column('day').doUpdateSet((eb) => ({ points: eb.ref('excluded.points'), updated_at: now })))
    .execute();
}
