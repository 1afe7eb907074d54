import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createProgressController, nextProgress } from './progress-controller';

describe('navigation progress', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('starts at the minimum, trickles every 200 ms and never completes by itself', () => {
    const values: (number | null)[] = [];
    const progress = createProgressController((value) => values.push(value));
    progress.start();
    expect(values).toEqual([0.1]);
    vi.advanceTimersByTime(200);
    expect(values.at(-1)).toBeCloseTo(0.2);
    vi.advanceTimersByTime(60_000);
    expect(values.at(-1)).toBeLessThan(1);
    progress.done();
    expect(values.at(-1)).toBe(1);
    vi.advanceTimersByTime(300);
    expect(values.at(-1)).toBeNull();
  });

  it('creeps more slowly as it nears the end', () => {
    expect(nextProgress(0.1) - 0.1).toBeGreaterThan(nextProgress(0.9) - 0.9);
    expect(nextProgress(0.994)).toBe(0.994);
  });
});
