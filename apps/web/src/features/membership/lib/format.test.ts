import { describe, expect, it } from 'vitest';
import { formatPricePerDay, formatYuan, vipEndAfterPurchase } from './format';

describe('money on screen', () => {
  it('shows fen as yuan with two decimals and the yuan sign', () => {
    expect(formatYuan(3000)).toBe('¥30.00');
    expect(formatYuan(1)).toBe('¥0.01');
    expect(formatYuan(26800)).toBe('¥268.00');
    expect(formatYuan(1205)).toBe('¥12.05');
  });

  it('rounds the unrounded price per day to the nearest fen', () => {
    expect(formatPricePerDay(100)).toBe('¥1.00');
    expect(formatPricePerDay(1200 / 7)).toBe('¥1.71');
    expect(formatPricePerDay(26800 / 365)).toBe('¥0.73');
    expect(formatPricePerDay(7800 / 90)).toBe('¥0.87');
  });
});

describe('VIP end after a purchase', () => {
  const now = new Date('2026-03-01T12:00:00Z');

  it('starts from now for a member without VIP or with an expired one', () => {
    expect(vipEndAfterPurchase(null, 30, now).toISOString()).toBe('2026-03-31T12:00:00.000Z');
    expect(vipEndAfterPurchase('2026-01-01T00:00:00Z', 7, now).toISOString()).toBe('2026-03-08T12:00:00.000Z');
  });

  it('extends an active VIP from its current end', () => {
    expect(vipEndAfterPurchase('2026-03-10T00:00:00Z', 30, now).toISOString()).toBe('2026-04-09T00:00:00.000Z');
  });
});
