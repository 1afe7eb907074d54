import { describe, expect, it } from 'vitest';
import { chinaTime, fenToYuan, yuanToFen } from './channel.js';

describe('money on the wire', () => {
  it('reads yuan amounts exactly, without floating point', () => {
    expect(yuanToFen('12.00')).toBe(1200);
    expect(yuanToFen('0.1')).toBe(10);
    expect(yuanToFen('268')).toBe(26800);
    expect(yuanToFen('19.99')).toBe(1999);
    expect(yuanToFen('0.29')).toBe(29);
  });

  it('refuses anything that is not a plain amount', () => {
    for (const bad of ['', '1.234', '-1.00', '1e3', 'abc', ' ', '1,00', undefined, null]) expect(yuanToFen(bad)).toBeNull();
  });

  it('writes fen as yuan with two decimals', () => {
    expect(fenToYuan(1200)).toBe('12.00');
    expect(fenToYuan(5)).toBe('0.05');
    expect(fenToYuan(26_899)).toBe('268.99');
  });
});

describe('chinaTime', () => {
  it('is UTC+8, across the date line of midnight', () => {
    expect(chinaTime(new Date('2026-01-15T16:30:05Z'))).toEqual({ date: '2026-01-16', time: '00:30:05' });
  });
});
