import { describe, expect, it } from 'vitest';
import { bannerLabels } from './banner-labels';

describe('bannerLabels', () => {
  it('never repeats a word, whatever its case, and keeps two at most', () => {
    expect(bannerLabels('Revenge', ['Revenge', 'CEO', 'Romance'])).toEqual(['Revenge', 'CEO']);
    expect(bannerLabels('Revenge', ['revenge'])).toEqual(['Revenge']);
    expect(bannerLabels(null, ['复仇', '复仇', '总裁'])).toEqual(['复仇', '总裁']);
    expect(bannerLabels(undefined, [])).toEqual([]);
  });
});
