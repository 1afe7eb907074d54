import { describe, expect, it } from 'vitest';
import { newRedeemCode, REDEEM_CODE_ALPHABET, redeemCodeKey } from './codes.js';

describe('redeem codes', () => {
  it('are three groups of four symbols of the unambiguous alphabet', () => {
    for (let i = 0; i < 500; i += 1) {
      const code = newRedeemCode();
      expect(code).toMatch(/^[A-Za-z2-9]{4}-[A-Za-z2-9]{4}-[A-Za-z2-9]{4}$/);
      expect(code).not.toMatch(/[0O1Il]/);
      expect(code).not.toMatch(/o/);
    }
  });

  it('draw from the whole alphabet, both letter cases included', () => {
    expect(REDEEM_CODE_ALPHABET).toHaveLength(56);
    expect(new Set(REDEEM_CODE_ALPHABET).size).toBe(56);
    const seen = new Set(Array.from({ length: 400 }, () => newRedeemCode().replaceAll('-', '')).join(''));
    expect(seen.size).toBe(56);
    let next = 0;
    expect(newRedeemCode(() => next++ % 56)).toBe('ABCD-EFGH-JKLM');
  });

  it('are identified without dashes and spaces, with letter case kept', () => {
    expect(redeemCodeKey('Hq7x-Kp2M-wz9R')).toBe('Hq7xKp2Mwz9R');
    expect(redeemCodeKey(' Hq7x Kp2M\twz9R ')).toBe('Hq7xKp2Mwz9R');
    expect(redeemCodeKey('hq7x-kp2m-wz9r')).not.toBe(redeemCodeKey('Hq7x-Kp2M-wz9R'));
  });
});
