import { describe, expect, it } from 'vitest';
import { iso } from './iso-time.js';

describe('iso', () => {
  it('writes a Date and a driver timestamp text as the same UTC instant, and keeps null', () => {
    expect(iso(new Date(Date.UTC(2026, 11, 7, 8, 30)))).toBe('2026-12-07T08:30:00.000Z');
    expect(iso('2026-12-07 16:30:00+08')).toBe('2026-12-07T08:30:00.000Z');
    expect(iso(null)).toBeNull();
  });
});
