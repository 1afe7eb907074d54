import { describe, expect, it } from 'vitest';
import { highlightSegments } from './highlight';

describe('highlightSegments', () => {
  it('marks the matched runs and keeps the rest as plain text', () => {
    expect(highlightSegments('闪婚后，千亿总裁每天都在掉马', [[4, 8]])).toEqual([
      { text: '闪婚后，', match: false },
      { text: '千亿总裁', match: true },
      { text: '每天都在掉马', match: false },
    ]);
  });

  it('handles matches at the very start and end', () => {
    expect(highlightSegments('Midnight Witness', [[0, 8], [9, 16]])).toEqual([
      { text: 'Midnight', match: true },
      { text: ' ', match: false },
      { text: 'Witness', match: true },
    ]);
  });

  it('merges overlapping and touching ranges and sorts them', () => {
    expect(highlightSegments('abcdefgh', [[5, 7], [1, 3], [2, 4], [4, 5]])).toEqual([
      { text: 'a', match: false },
      { text: 'bcdefg', match: true },
      { text: 'h', match: false },
    ]);
  });

  it('clamps ranges outside the text and drops empty ones', () => {
    expect(highlightSegments('short', [[3, 99], [7, 9], [2, 2], [-4, 1]])).toEqual([
      { text: 's', match: true },
      { text: 'ho', match: false },
      { text: 'rt', match: true },
    ]);
  });

  it('returns the whole text unmarked without ranges, and one empty run for an empty text', () => {
    expect(highlightSegments('Exhibit Thirteen', [])).toEqual([{ text: 'Exhibit Thirteen', match: false }]);
    expect(highlightSegments('', [[0, 3]])).toEqual([{ text: '', match: false }]);
  });

  it('joins back to the original text', () => {
    const text = 'Reborn Heiress: The Real Daughter Strikes Back';
    const joined = highlightSegments(text, [[7, 14], [20, 24], [0, 2]])
      .map((segment) => segment.text)
      .join('');
    expect(joined).toBe(text);
  });
});
