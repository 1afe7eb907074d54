import { describe, expect, it } from 'vitest';
import { formatCountdown, pollDelay, secondsLeft } from './polling';

describe('checking a pending order', () => {
  it('starts at 2 s and doubles up to 10 s', () => {
    expect([0, 1, 2, 3, 4, 5, 50].map(pollDelay)).toEqual([2000, 2000, 4000, 8000, 10000, 10000, 10000]);
  });
});

describe('the payment countdown', () => {
  const expiresAt = '2026-03-01T12:15:00.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('counts whole seconds left, rounding up, never below zero', () => {
    expect(secondsLeft(expiresAt, at('2026-03-01T12:00:00.000Z'))).toBe(900);
    expect(secondsLeft(expiresAt, at('2026-03-01T12:14:59.400Z'))).toBe(1);
    expect(secondsLeft(expiresAt, at('2026-03-01T12:15:00.000Z'))).toBe(0);
    expect(secondsLeft(expiresAt, at('2026-03-01T13:00:00.000Z'))).toBe(0);
    expect(secondsLeft('not a date', at('2026-03-01T12:00:00.000Z'))).toBe(0);
  });

  it('shows mm:ss', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(754)).toBe('12:34');
    expect(formatCountdown(5)).toBe('00:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });
});
