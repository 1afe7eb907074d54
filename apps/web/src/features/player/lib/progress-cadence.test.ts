import { describe, expect, it } from 'vitest';
import { progressToReport } from './progress-cadence';

describe('progressToReport', () => {
  it('reports on whole multiples of 10 seconds', () => {
    expect(progressToReport(10.02, null)).toBe(10);
    expect(progressToReport(20.9, 10)).toBe(20);
  });

  it('does not report between marks, at 0 or twice for one mark', () => {
    expect(progressToReport(9.99, null)).toBeNull();
    expect(progressToReport(0.3, null)).toBeNull();
    expect(progressToReport(10.5, 10)).toBeNull();
    expect(progressToReport(15, 10)).toBeNull();
  });

  it('reports a mark again after seeking back to it from elsewhere', () => {
    expect(progressToReport(10.1, 20)).toBe(10);
  });

  it('simulates a minute of time updates at 4 per second: six reports', () => {
    let last: number | null = null;
    const reported: number[] = [];
    for (let t = 0; t <= 60; t += 0.25) {
      const value = progressToReport(t, last);
      if (value !== null) {
        reported.push(value);
        last = value;
      }
    }
    expect(reported).toEqual([10, 20, 30, 40, 50, 60]);
  });

  it('ignores bad times', () => {
    expect(progressToReport(Number.NaN, null)).toBeNull();
    expect(progressToReport(-10, null)).toBeNull();
  });
});
