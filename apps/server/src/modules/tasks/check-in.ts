import type { Db } from '../../db/database.js';
import type { Day } from './periods.js';
import { type ClaimRow, findClaims } from './queries.js';

export interface CheckInState {
  checkedInToday: boolean;
  /** Days in a row so far: including today when checked in, else up to yesterday (0 when broken). */
  streak: number;
  /** The streak a check-in today makes (or made). */
  nextStreak: number;
}

/** The streak from the check-ins of today and yesterday: a missed day starts again at 1. */
export function checkInState(claims: Pick<ClaimRow, 'task_type' | 'period' | 'streak'>[], day: Day): CheckInState {
  const streakOf = (period: string) =>
    claims.find((claim) => claim.task_type === 'dailyCheckIn' && claim.period === period)?.streak ?? null;
  const today = streakOf(day.key);
  if (today !== null) return { checkedInToday: true, streak: today, nextStreak: today };
  const yesterday = streakOf(day.previousKey) ?? 0;
  return { checkedInToday: false, streak: yesterday, nextStreak: yesterday + 1 };
}

export async function readCheckIn(db: Db, userId: number, day: Day): Promise<CheckInState> {
  return checkInState(await findClaims(db, userId, [day.key, day.previousKey]), day);
}
