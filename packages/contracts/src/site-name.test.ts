import { describe, expect, it } from 'vitest';
import { PRODUCT_NAMES, siteNameIn } from './site-name.js';

describe('the site’s name as a reader sees it', () => {
  it('is the product’s name in the reader’s language, whichever language it was stored in', () => {
    for (const stored of ['星河短剧', '星河短劇', 'Starriver Shorts', ' 星河短剧 ', '', null, undefined]) {
      expect(siteNameIn(stored, 'zh-CN')).toBe('星河短剧');
      expect(siteNameIn(stored, 'zh-Hant')).toBe('星河短劇');
      expect(siteNameIn(stored, 'en-US')).toBe(PRODUCT_NAMES['en-US']);
    }
  });

  it('is a name an operator chose, as written, in every language', () => {
    expect(siteNameIn('Night Dramas', 'zh-CN')).toBe('Night Dramas');
    expect(siteNameIn('Night Dramas', 'en-US')).toBe('Night Dramas');
  });
});
