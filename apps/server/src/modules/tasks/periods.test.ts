import { describe, expect, it } from 'vitest';
import { dayKey, dayOf } from './periods.js';

describe('task periods', () => {
  it('name the calendar day of the time zone, not of UTC', () => {
    // 23:59 and 00:01 in Shanghai (UTC+8) are 15:59 and 16:01 UTC of the same UTC day.
    expect(dayKey(new Date('2030-03-10T15:59:00Z'), 'Asia/Shanghai')).toBe('2030-03-10');
    expect(dayKey(new Date('2030-03-10T16:01:00Z'), 'Asia/Shanghai')).toBe('2030-03-11');
    expect(dayKey(new Date('2030-03-10T16:01:00Z'), 'UTC')).toBe('2030-03-10');
  });

  it('know yesterday and when today starts and ends, across months and years', () => {
    const day = dayOf(new Date('2031-01-01T00:30:00+08:00'), 'Asia/Shanghai');
    expect(day).toEqual({
      key: '2031-01-01',
      previousKey: '2030-12-31',
      start: new Date('2030-12-31T16:00:00Z'),
      next: new Date('2031-01-01T16:00:00Z'),
    });
  });

  it('follow daylight saving: a 23-hour day still has one yesterday', () => {
    // New York moved to daylight time on 2030-03-10.
    const day = dayOf(new Date('2030-03-10T20:00:00-04:00'), 'America/New_York');
    expect(day.key).toBe('2030-03-10');
    expect(day.previousKey).toBe('2030-03-09');
    expect(day.next.getTime() - day.start.getTime()).toBe(23 * 3_600_000);
  });
});
