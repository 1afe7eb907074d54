import { LOCALES } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { compactCount } from './compact-count';

describe('compactCount', () => {
  it('writes what the locale’s compact notation writes, for small and large counts', () => {
    const values = [0, 1, 7, 42, 999, 1000, 1049, 1250, 9999, 10_000, 12_345, 999_999, 1_234_567, 120_000_000];
    for (const locale of LOCALES) {
      const reference = new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });
      for (const value of values) expect(compactCount(value, locale), `${value} in ${locale}`).toBe(reference.format(value));
    }
  });

  it('shortens by the locale’s own steps', () => {
    expect(compactCount(12_345, 'en-US')).toBe('12.3K');
    expect(compactCount(12_345, 'zh-CN')).toBe('1.2万');
    expect(compactCount(12_345, 'zh-Hant')).toBe('1.2萬');
  });
});
