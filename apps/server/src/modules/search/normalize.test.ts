import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  characterCount,
  displayKeyword,
  matchRanges,
  normalizeForSearch,
  normalizeKeyword,
  normalizeSimple,
  SNIPPET_LENGTH,
  snippetAround,
} from './normalize.js';

function highlighted(shown: string, keyword: string): string[] {
  return matchRanges(shown, normalizeKeyword(keyword)).map(([start, end]) => shown.slice(start, end));
}

describe('normalizeForSearch', () => {
  it('folds Traditional to Simplified, so either script finds the other', () => {
    expect(normalizeForSearch('閃婚後，千億總裁每天都在掉馬')).toBe(normalizeForSearch('闪婚后，千亿总裁每天都在掉马'));
    expect(normalizeForSearch('霸道總裁')).toBe('霸道总裁');
    expect(normalizeForSearch('萌寶')).toBe(normalizeForSearch('萌宝'));
  });

  it('lower-cases and applies NFKC (full-width letters and digits)', () => {
    expect(normalizeForSearch('The CEO')).toBe('the ceo');
    expect(normalizeForSearch('ＣＥＯ１２')).toBe('ceo12');
    expect(normalizeForSearch('e\u0301')).toBe('é');
  });

  it('drops control characters, so a keyword cannot hold the field separator', () => {
    expect(normalizeKeyword('a\u001fb')).toBe('ab');
    expect(normalizeKeyword('\u0007')).toBe('');
  });

  it('is the concatenation of the normal forms of the characters', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme' }), (a, b) => {
        expect(normalizeForSearch(a + b)).toBe(normalizeForSearch(a) + normalizeForSearch(b));
      }),
    );
  });
});

describe('keywords', () => {
  it('collapses spaces and counts characters, not UTF-16 units', () => {
    expect(normalizeKeyword('  Hidden   Identity ')).toBe('hidden identity');
    expect(displayKeyword('  霸道\t 總裁 ')).toBe('霸道 總裁');
    expect(characterCount('闪婚')).toBe(2);
    expect(characterCount('𠮷a')).toBe(2);
  });
});

describe('the short way for plain texts', () => {
  const mixed = fc
    .array(
      fc.oneof(
        fc.constantFrom('A', 'z', ' ', '，', '。', '…', '—', '“', 'Ａ', '１', '\u3000', '\u302a', 'e\u0301', '\t', '\u0007', '𠮷'),
        fc.integer({ min: 0x4e00, max: 0x9fff }).map((code) => String.fromCharCode(code)),
        fc.integer({ min: 0x20, max: 0xffff }).map((code) => String.fromCharCode(code)),
      ),
      { maxLength: 40 },
    )
    .map((parts) => parts.join(''));

  it('gives what the full normaliser gives, one unit for one, or declines', () => {
    fc.assert(
      fc.property(mixed, (text) => {
        const simple = normalizeSimple(text);
        if (simple === null) return;
        expect(simple).toBe(normalizeForSearch(text));
        expect(simple).toHaveLength(text.length);
      }),
      { numRuns: 2_000 },
    );
  });

  it('highlights a simple text where its normal form holds the keyword, every occurrence without overlaps', () => {
    const short = fc.array(fc.constantFrom('a', 'A', 'Ａ', '总', '總', '裁', ' ', 'b'), { maxLength: 24 }).map((parts) => parts.join(''));
    fc.assert(
      fc.property(fc.oneof(mixed, short), fc.oneof(short, mixed), (text, typed) => {
        const keyword = normalizeKeyword(typed);
        const simple = normalizeSimple(text);
        if (simple === null || keyword === '') return;
        const expected: [number, number][] = [];
        for (let at = simple.indexOf(keyword); at >= 0; at = simple.indexOf(keyword, at + keyword.length)) {
          expected.push([at, at + keyword.length]);
        }
        expect(matchRanges(text, keyword)).toEqual(expected);
      }),
      { numRuns: 2_000 },
    );
  });

  it('takes the titles and descriptions of the catalogue, and declines what widens or carries marks', () => {
    expect(normalizeSimple('閃婚後，千億總裁每天都在掉馬 The CEO')).toBe(normalizeForSearch('閃婚後，千億總裁每天都在掉馬 The CEO'));
    expect(normalizeSimple('他来了…')).toBeNull();
    expect(normalizeSimple('cafe\u0301')).toBeNull();
    expect(normalizeSimple('𠮷')).toBeNull();
  });
});

describe('matchRanges', () => {
  it('gives offsets into the text as shown, whichever script the keyword is in', () => {
    const hant = '閃婚後，千億總裁每天都在掉馬';
    expect(matchRanges(hant, normalizeKeyword('总裁'))).toEqual([[6, 8]]);
    expect(highlighted(hant, '总裁')).toEqual(['總裁']);
    expect(highlighted('闪婚后，千亿总裁', '總裁')).toEqual(['总裁']);
  });

  it('finds every occurrence, case-insensitively', () => {
    expect(highlighted('CEO meets ceo', 'Ceo')).toEqual(['CEO', 'ceo']);
    expect(matchRanges('aaaa', 'aa')).toEqual([
      [0, 2],
      [2, 4],
    ]);
  });

  it('keeps offsets right after characters that take two UTF-16 units or fold to several', () => {
    expect(highlighted('𠮷𠮷 ceo', 'ceo')).toEqual(['ceo']);
    expect(matchRanges('𠮷𠮷 ceo', 'ceo')).toEqual([[5, 8]]);
    // U+FB01 (ﬁ) folds to "fi": a match ending inside it covers the whole character.
    expect(highlighted('aﬁx', 'af')).toEqual(['aﬁ']);
    expect(highlighted('ＣＥＯ!', 'ceo')).toEqual(['ＣＥＯ']);
  });

  it('finds nothing for an absent or empty keyword', () => {
    expect(matchRanges('闪婚', normalizeKeyword('总裁'))).toEqual([]);
    expect(matchRanges('闪婚', '')).toEqual([]);
  });

  it('always returns ranges that cut the shown text at character boundaries', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 3 }), (text, word) => {
        const shown = `${text}${word}${text}`;
        const keyword = normalizeKeyword(word);
        fc.pre(keyword !== '');
        const ranges = matchRanges(shown, keyword);
        expect(ranges.length).toBeGreaterThan(0);
        for (const [start, end] of ranges) {
          expect(start).toBeLessThan(end);
          expect(normalizeForSearch(shown.slice(start, end))).toContain(keyword);
        }
      }),
    );
  });
});

describe('snippetAround', () => {
  const long = `${'前情'.repeat(30)}她嫁给了千亿总裁${'后续'.repeat(40)}`;

  it('cuts an excerpt around the first match with ranges inside it', () => {
    const snippet = snippetAround(long, normalizeKeyword('總裁'));
    if (!snippet) throw new Error('expected a snippet');
    expect(snippet.text.startsWith('…')).toBe(true);
    expect(snippet.text.endsWith('…')).toBe(true);
    expect(snippet.text.length).toBeLessThanOrEqual(SNIPPET_LENGTH + 2);
    expect(snippet.ranges).toHaveLength(1);
    const [start, end] = snippet.ranges[0] ?? [0, 0];
    expect(snippet.text.slice(start, end)).toBe('总裁');
  });

  it('shows a short text whole and gives null when the keyword is not in it', () => {
    expect(snippetAround('A CEO falls in love.', 'ceo')).toEqual({ text: 'A CEO falls in love.', ranges: [[2, 5]] });
    expect(snippetAround(long, normalizeKeyword('复仇'))).toBeNull();
  });

  it('near the end of the text, shows what comes before', () => {
    const text = `${'x'.repeat(100)}end`;
    const snippet = snippetAround(text, 'end');
    expect(snippet?.text).toBe(`…${'x'.repeat(SNIPPET_LENGTH - 3)}end`);
    expect(snippet?.ranges).toEqual([[SNIPPET_LENGTH - 2, SNIPPET_LENGTH + 1]]);
  });
});
