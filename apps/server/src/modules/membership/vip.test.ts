import { describe, expect, it } from 'vitest';
import { vipExpiryAfter } from './vip.js';

const DAY = 86_400_000;
const now = new Date('2026-01-15T04:00:00Z');

describe('vipExpiryAfter', () => {
  it('counts from now for a member who never had VIP', () => {
    expect(vipExpiryAfter(null, 30, now).getTime()).toBe(now.getTime() + 30 * DAY);
  });

  it('counts from now when VIP has lapsed, even a moment ago', () => {
    expect(vipExpiryAfter(new Date(now.getTime() - 5 * DAY), 7, now).getTime()).toBe(now.getTime() + 7 * DAY);
    expect(vipExpiryAfter(now, 7, now).getTime()).toBe(now.getTime() + 7 * DAY);
  });

  it('adds to the current expiry while VIP is running', () => {
    const expiry = new Date(now.getTime() + 10 * DAY + 1234);
    expect(vipExpiryAfter(expiry, 365, now).getTime()).toBe(expiry.getTime() + 365 * DAY);
  });
});
