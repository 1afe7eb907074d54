import { describe, expect, it } from 'vitest';
import { isServiceOpen, minutesInZone } from './service-hours';

// Asia/Shanghai is UTC+8 all year (no daylight saving), so 09:00 there is 01:00Z.
const at = (iso: string) => new Date(iso);

describe('isServiceOpen', () => {
  it('opens at 9:00 Shanghai time, not a minute before', () => {
    expect(isServiceOpen(at('2025-03-10T00:59:59Z'))).toBe(false);
    expect(isServiceOpen(at('2025-03-10T01:00:00Z'))).toBe(true);
  });

  it('closes at 22:00 Shanghai time', () => {
    expect(isServiceOpen(at('2025-03-10T13:59:00Z'))).toBe(true);
    expect(isServiceOpen(at('2025-03-10T14:00:00Z'))).toBe(false);
  });

  it('is closed around midnight and open at midday, every day of the week', () => {
    for (let day = 10; day <= 16; day += 1) {
      expect(isServiceOpen(at(`2025-03-${day}T16:00:00Z`))).toBe(false);
      expect(isServiceOpen(at(`2025-03-${day}T04:00:00Z`))).toBe(true);
    }
  });

  it('uses the service time zone, not UTC: 23:30Z is 07:30 the next morning in Shanghai', () => {
    expect(minutesInZone(at('2025-03-10T23:30:00Z'), 'Asia/Shanghai')).toBe(7 * 60 + 30);
    expect(isServiceOpen(at('2025-03-10T23:30:00Z'))).toBe(false);
  });

  it('takes other hours and zones', () => {
    const hours = { open: '08:30', close: '17:00' };
    expect(isServiceOpen(at('2025-07-01T12:29:00Z'), hours, 'America/New_York')).toBe(false);
    expect(isServiceOpen(at('2025-07-01T12:30:00Z'), hours, 'America/New_York')).toBe(true);
  });
});
