import { describe, expect, it } from 'vitest';
import { initialLocale, initialThemeChoice, resolveTheme } from './preferences';

describe('remembered choices', () => {
  it('takes the remembered locale, else the browser language by the product rule', () => {
    expect(initialLocale('zh-Hant', 'en-GB')).toBe('zh-Hant');
    expect(initialLocale(null, 'zh-TW')).toBe('zh-Hant');
    expect(initialLocale('xx', 'zh')).toBe('zh-CN');
    expect(initialLocale(null, 'de-DE')).toBe('en-US');
  });

  it('follows the system theme unless one was chosen', () => {
    expect(initialThemeChoice(null)).toBe('system');
    expect(initialThemeChoice('dark')).toBe('dark');
    expect(resolveTheme('system', true)).toBe('dark');
    expect(resolveTheme('light', true)).toBe('light');
  });
});
