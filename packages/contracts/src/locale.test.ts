import { describe, expect, it } from 'vitest';
import { localeFromAcceptLanguage, localeFromLanguageTag } from './locale.js';

describe('localeFromLanguageTag (spec section 4)', () => {
  it.each([
    ['zh-TW', 'zh-Hant'],
    ['zh-HK', 'zh-Hant'],
    ['zh-hk', 'zh-Hant'],
    ['zh-Hant-TW', 'zh-Hant'],
    ['zh-CN', 'zh-CN'],
    ['zh', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['en-US', 'en-US'],
    ['fr-FR', 'en-US'],
    ['', 'en-US'],
    [undefined, 'en-US'],
  ])('%s gives %s', (tag, locale) => {
    expect(localeFromLanguageTag(tag)).toBe(locale);
  });

  it('reads the first language of an Accept-Language header', () => {
    expect(localeFromAcceptLanguage('zh-TW,zh;q=0.9,en;q=0.8')).toBe('zh-Hant');
    expect(localeFromAcceptLanguage('en-GB,zh-CN;q=0.5')).toBe('en-US');
    expect(localeFromAcceptLanguage(undefined)).toBe('en-US');
  });
});
