import { describe, expect, it } from 'vitest';
import { searchGrams, searchTextsOf, servedByGrams } from './search-index.js';

describe('searchTextsOf', () => {
  it('folds every locale into one normal form per field, each distinct text once', () => {
    const texts = searchTextsOf(
      {
        title: { 'zh-CN': '闪婚总裁', 'zh-Hant': '閃婚總裁', 'en-US': 'Flash Marriage CEO' },
        description: { 'zh-CN': '她嫁了。', 'zh-Hant': '她嫁了。', 'en-US': '' },
      },
      [{ 'zh-CN': '甜宠', 'zh-Hant': '甜寵', 'en-US': 'Sweet' }],
    );
    expect(texts).toMatchObject({
      search_title: '闪婚总裁\nflash marriage ceo',
      search_description: '她嫁了。',
      search_tags: '甜宠\nsweet',
    });
  });

  it('lists the CJK characters and adjacent pairs, never a pair across ASCII or fields', () => {
    expect(searchGrams(['闪婚a总裁', '甜'])).toEqual(['婚', '总', '总裁', '甜', '裁', '闪', '闪婚'].sort());
    expect(searchGrams(['婚\n总'])).not.toContain('婚总');
    const { search_grams } = searchTextsOf(
      { title: { 'zh-CN': '闪婚', 'zh-Hant': '閃婚', 'en-US': 'x' }, description: { 'zh-CN': '总裁', 'zh-Hant': '', 'en-US': '' } },
      [],
    );
    expect(search_grams).toContain('闪婚');
    expect(search_grams).not.toContain('婚总');
  });
});

describe('servedByGrams', () => {
  it('takes keywords of one or two non-ASCII characters only', () => {
    expect(servedByGrams('总')).toBe(true);
    expect(servedByGrams('总裁')).toBe(true);
    expect(servedByGrams('𠮷𠮷')).toBe(true);
    expect(servedByGrams('总裁们')).toBe(false);
    expect(servedByGrams('a总')).toBe(false);
    expect(servedByGrams('ab')).toBe(false);
    expect(servedByGrams('')).toBe(false);
  });
});
