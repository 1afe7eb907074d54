import { CHECK_IN_REWARDS, type TaskType } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import { TASKS } from './definitions.js';
import { findRewardFigures } from './queries.js';

/** What claims pay now: the operators' figures (0020), the definitions' where a row is missing. */
export interface Rewards {
  tasks: ReadonlyMap<TaskType, number>;
  /** Day 1 to 7 of the streak; later days pay the last. */
  checkIn: readonly number[];
}

/** The figures the code shipped with, which the migration seeds. */
export const DEFAULT_REWARDS: Rewards = {
  tasks: new Map(TASKS.map((task) => [task.type, task.reward])),
  checkIn: CHECK_IN_REWARDS,
};

/** The current rewards: two small tables, read per request so that a change applies to the next claim. */
export async function readRewards(db: Db): Promise<Rewards> {
  const { tasks, checkIn } = await findRewardFigures(db);
  const byDay = new Map(checkIn.map((row) => [row.day, row.points]));
  return {
    tasks: new Map([...DEFAULT_REWARDS.tasks, ...tasks.map((row) => [row.task_type, row.points] as const)]),
    checkIn: DEFAULT_REWARDS.checkIn.map((points, index) => byDay.get(index + 1) ?? points),
  };
}

/** The check-in's points on the n-th day in a row (n >= 1). */
export function checkInPoints(rewards: Rewards, streakDay: number): number {
  const days = rewards.checkIn;
  const index = Math.min(Math.max(Math.floor(streakDay), 1), days.length) - 1;
  return days[index] ?? days[days.length - 1] ?? 0;
}

/** The points a claim of `type` pays now, on the given day of the check-in streak. */
export function rewardOf(rewards: Rewards, type: TaskType, streakDay: number): number {
  if (type === 'dailyCheckIn') return checkInPoints(rewards, streakDay);
  return rewards.tasks.get(type) ?? 0;
}
