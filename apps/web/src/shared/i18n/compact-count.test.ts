import { LOCALES } from '@drama/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compactCount } from './compact-count';

const reference = (locale: string) => new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 });

describe('compactCount', () => {
  it('writes what the locale’s compact notation writes, for small and large counts', () => {
    const values = [
      0, 1, 7, 42, 999, 1000, 1049, 1050, 1150, 1250, 9949, 9950, 9999, 10_000, 12_345, 99_949, 99_950, 999_949,
      999_950, 999_999, 1_234_567, 99_999_999, 120_000_000, 999_950_000, 1e12, 1.5e13, 1e15, 1e16, -1500, -12_345,
    ];
    for (const locale of LOCALES) {
      const intl = reference(locale);
      for (const value of values) expect(compactCount(value, locale), `${value} in ${locale}`).toBe(intl.format(value));
    }
  });

  it('agrees with Intl on any whole count and on decimals below a thousand', () => {
    const formatters = new Map(LOCALES.map((locale) => [locale, reference(locale)]));
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.oneof(fc.integer({ min: 0, max: 1e15 }), fc.integer({ min: -1e9, max: 0 }), fc.integer({ min: 0, max: 99_999 }).map((n) => n / 100)),
        (locale, value) => compactCount(value, locale) === formatters.get(locale)?.format(value),
      ),
      { numRuns: 2000 },
    );
  });

  it('shortens by the locale’s own steps', () => {
    expect(compactCount(12_345, 'en-US')).toBe('12.3K');
    expect(compactCount(12_345, 'zh-CN')).toBe('1.2万');
    expect(compactCount(12_345, 'zh-Hant')).toBe('1.2萬');
  });
});
