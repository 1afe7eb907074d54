import { describe, expect, it } from 'vitest';
import { gridSearch, readGridParams } from './filter-params';

describe('category address', () => {
  it('reads the category and the sort', () => {
    expect(readGridParams(new URLSearchParams('category=romance&sort=latest'))).toEqual({
      category: 'romance',
      sort: 'latest',
    });
  });

  it('falls back to all dramas, hottest first', () => {
    expect(readGridParams(new URLSearchParams(''))).toEqual({ category: undefined, sort: 'hot' });
    expect(readGridParams(new URLSearchParams('category=%20%20&sort=newest'))).toEqual({ category: undefined, sort: 'hot' });
    expect(readGridParams(new URLSearchParams(`category=${'x'.repeat(65)}`)).category).toBeUndefined();
  });

  it('writes a round trip, leaving the default sort out', () => {
    expect(gridSearch({ category: undefined, sort: 'hot' })).toBe('');
    expect(gridSearch({ category: 'urban', sort: 'hot' })).toBe('?category=urban');
    const search = gridSearch({ category: 'family', sort: 'latest' });
    expect(search).toBe('?category=family&sort=latest');
    expect(readGridParams(new URLSearchParams(search))).toEqual({ category: 'family', sort: 'latest' });
  });
});
