import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './date';

// Midday UTC is the same calendar day in every time zone the tests may run in.
const NOON = '2026-12-22T12:00:00Z';

describe('dates on screen', () => {
  it('writes a Chinese date in numbers and an English one with the month', () => {
    expect(formatDate(NOON, 'zh-CN')).toBe('2026/12/22');
    expect(formatDate(NOON, 'en-US')).toBe('Dec 22, 2026');
  });

  it('adds the time of day, on a 24-hour clock in Chinese', () => {
    const zh = formatDateTime(NOON, 'zh-CN');
    expect(zh).toMatch(/^2026\/12\/22 \d{2}:\d{2}$/);
    expect(formatDateTime(NOON, 'en-US')).toMatch(/^Dec 22, 2026, \d{1,2}:\d{2}\s?[AP]M$/);
  });
});
