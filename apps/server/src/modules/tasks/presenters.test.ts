import { describe, expect, it } from 'vitest';
import { taskDefinition } from './definitions.js';
import { presentTask } from './presenters.js';

describe('a task’s state', () => {
  const profile = taskDefinition('completeProfile');

  it('moves from not started through in progress to completed, capped at the target', () => {
    const state = (progress: number) => presentTask(profile, { progress, claimedPoints: null, rewardPoints: 30 });
    expect(state(0)).toMatchObject({ status: 'not_started', progress: 0, target: 2 });
    expect(state(1)).toMatchObject({ status: 'in_progress', progress: 1 });
    expect(state(2)).toMatchObject({ status: 'completed', progress: 2, rewardPoints: 30 });
    expect(state(5)).toMatchObject({ status: 'completed', progress: 2 });
  });

  it('is received once claimed, showing the points the claim gave, whatever the progress now', () => {
    expect(presentTask(profile, { progress: 0, claimedPoints: 30, rewardPoints: 99 })).toEqual({
      type: 'completeProfile',
      category: 'newbie',
      status: 'received',
      progress: 2,
      target: 2,
      rewardPoints: 30,
    });
  });

  it('the check-in reads 0 of 1, not started, until claimed today, then 1 of 1 received', () => {
    const checkIn = taskDefinition('dailyCheckIn');
    // Whatever progress is handed in, nothing of the check-in is done before the claim.
    for (const progress of [0, checkIn.target]) {
      expect(presentTask(checkIn, { progress, claimedPoints: null, rewardPoints: 15 })).toMatchObject({
        category: 'daily',
        status: 'not_started',
        progress: 0,
        target: 1,
        rewardPoints: 15,
      });
    }
    expect(presentTask(checkIn, { progress: 0, claimedPoints: 15, rewardPoints: 10 })).toMatchObject({
      status: 'received',
      progress: 1,
      target: 1,
      rewardPoints: 15,
    });
  });
});
