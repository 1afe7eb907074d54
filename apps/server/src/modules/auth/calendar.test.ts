import { describe, expect, it } from 'vitest';
import { startOfDay, startOfNextDay } from './calendar.js';

describe('day boundaries in a time zone', () => {
  it('Asia/Shanghai days begin at 16:00 UTC', () => {
    expect(startOfDay(new Date('2025-03-10T15:59:59Z'), 'Asia/Shanghai').toISOString()).toBe('2025-03-09T16:00:00.000Z');
    expect(startOfDay(new Date('2025-03-10T16:00:00Z'), 'Asia/Shanghai').toISOString()).toBe('2025-03-10T16:00:00.000Z');
    expect(startOfNextDay(new Date('2025-03-10T03:00:00Z'), 'Asia/Shanghai').toISOString()).toBe(
      '2025-03-10T16:00:00.000Z',
    );
  });

  it('UTC days begin at midnight', () => {
    expect(startOfDay(new Date('2025-01-01T00:00:00.500Z'), 'UTC').toISOString()).toBe('2025-01-01T00:00:00.000Z');
    expect(startOfNextDay(new Date('2024-12-31T23:59:59Z'), 'UTC').toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('follows daylight saving changes', () => {
    // New York: 2025-03-09 is 23 hours long, 2025-11-02 is 25 hours long.
    expect(startOfDay(new Date('2025-03-09T20:00:00Z'), 'America/New_York').toISOString()).toBe('2025-03-09T05:00:00.000Z');
    expect(startOfNextDay(new Date('2025-03-09T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-03-10T04:00:00.000Z',
    );
    expect(startOfDay(new Date('2025-11-02T20:00:00Z'), 'America/New_York').toISOString()).toBe('2025-11-02T04:00:00.000Z');
    expect(startOfNextDay(new Date('2025-11-02T20:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2025-11-03T05:00:00.000Z',
    );
  });
});
