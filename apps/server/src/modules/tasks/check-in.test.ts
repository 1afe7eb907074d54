import { checkInReward } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { checkInState } from './check-in.js';
import { dayOf } from './periods.js';

const day = dayOf(new Date('2030-03-10T04:00:00Z'), 'Asia/Shanghai');
const claim = (period: string, streak: number) => ({ task_type: 'dailyCheckIn' as const, period, streak });

describe('the check-in streak', () => {
  it('starts at 1 with no check-in yesterday', () => {
    expect(checkInState([], day)).toEqual({ checkedInToday: false, streak: 0, nextStreak: 1 });
    expect(checkInState([claim('2030-03-08', 5)], day)).toEqual({ checkedInToday: false, streak: 0, nextStreak: 1 });
  });

  it('goes on from yesterday, and counts today once checked in', () => {
    expect(checkInState([claim('2030-03-09', 4)], day)).toEqual({ checkedInToday: false, streak: 4, nextStreak: 5 });
    expect(checkInState([claim('2030-03-09', 4), claim('2030-03-10', 5)], day)).toEqual({
      checkedInToday: true,
      streak: 5,
      nextStreak: 5,
    });
  });

  it('ignores other tasks', () => {
    expect(checkInState([{ task_type: 'shareContent', period: '2030-03-09', streak: null }], day).nextStreak).toBe(1);
  });

  it('pays 10, 10, 15, 15, 20, 20, 30 and then 30 every day', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 30, 365].map(checkInReward)).toEqual([10, 10, 15, 15, 20, 20, 30, 30, 30, 30]);
  });
});
