import { describe, expect, it } from 'vitest';
import { dayName, formatDay, groupByDay } from './day-groups';

const at = (text: string) => new Date(text);

describe('history grouped by day', () => {
  it('puts items of one local day together, in the order given', () => {
    const items = [
      { id: 1, time: at('2025-03-03T22:00:00') },
      { id: 2, time: at('2025-03-03T08:00:00') },
      { id: 3, time: at('2025-03-02T23:59:00') },
      { id: 4, time: at('2024-12-31T10:00:00') },
    ];
    const groups = groupByDay(items, (item) => item.time);
    expect(groups.map((group) => [group.key, group.items.map((item) => item.id)])).toEqual([
      ['2025-03-03', [1, 2]],
      ['2025-03-02', [3]],
      ['2024-12-31', [4]],
    ]);
  });

  it('keeps one group per day when the list is out of order', () => {
    const groups = groupByDay(
      [at('2025-03-03T10:00:00'), at('2025-03-02T10:00:00'), at('2025-03-03T09:00:00')],
      (time) => time,
    );
    expect(groups.map((group) => [group.key, group.items.length])).toEqual([
      ['2025-03-03', 2],
      ['2025-03-02', 1],
    ]);
  });

  it('names today and yesterday, across a month end', () => {
    const now = at('2025-03-01T00:30:00');
    expect(dayName(at('2025-03-01T00:00:00'), now)).toBe('today');
    expect(dayName(at('2025-02-28T00:00:00'), now)).toBe('yesterday');
    expect(dayName(at('2025-02-27T00:00:00'), now)).toBeNull();
  });

  it('writes other days as dates, with the year only when it differs', () => {
    const now = at('2025-06-10T12:00:00');
    expect(formatDay(at('2025-03-03T00:00:00'), now, 'en-US')).toBe('Mon, March 3');
    expect(formatDay(at('2024-03-03T00:00:00'), now, 'en-US')).toBe('Sun, March 3, 2024');
    expect(formatDay(at('2025-03-03T00:00:00'), now, 'zh-CN')).toBe('3月3日周一');
  });
});
