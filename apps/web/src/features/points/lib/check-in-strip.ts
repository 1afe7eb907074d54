import { CHECK_IN_REWARDS } from '@drama/contracts';

export interface StripDay {
  /** The day of the streak this cell stands for (1 = the first day in a row). */
  day: number;
  reward: number;
  done: boolean;
  isToday: boolean;
}

const WINDOW = 7;

/**
 * Seven cells of the check-in streak, today always among them: days 1-7 while the streak is
 * young, then the last seven days up to today (from day 7 on, every day pays the top reward).
 * `checkInStreak` counts today only once checked in, as the points summary does; `rewards` are
 * the points of days 1 to 7 as the server gives them (operators change them).
 */
export function checkInStrip(checkInStreak: number, checkedInToday: boolean, rewards: readonly number[] = CHECK_IN_REWARDS): StripDay[] {
  const streak = Math.max(0, Math.floor(checkInStreak));
  const today = checkedInToday ? Math.max(streak, 1) : streak + 1;
  const first = Math.max(1, today - (WINDOW - 1));
  return Array.from({ length: WINDOW }, (_, index) => {
    const day = first + index;
    const reward = rewards[Math.min(day, rewards.length) - 1] ?? 0;
    return { day, reward, done: day < today || (day === today && checkedInToday), isToday: day === today };
  });
}
