import { orderNoParamsSchema } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { newOrderNo } from './order-no.js';

describe('newOrderNo', () => {
  it('starts with the UTC date and is 24 characters of [0-9A-Z] the order routes accept', () => {
    const orderNo = newOrderNo(new Date('2026-01-15T23:59:00Z'));
    expect(orderNo).toMatch(/^20260115[0-9A-HJKMNP-TV-Z]{16}$/);
    expect(orderNoParamsSchema.parse({ orderNo }).orderNo).toBe(orderNo);
  });

  it('does not repeat', () => {
    const now = new Date();
    const numbers = new Set(Array.from({ length: 10_000 }, () => newOrderNo(now)));
    expect(numbers.size).toBe(10_000);
  });
});
