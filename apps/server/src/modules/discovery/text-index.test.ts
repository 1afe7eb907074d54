import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { before, keywordGrams, type TextDoc, TextIndex } from './text-index.js';

/** A few letters of each kind, so that random texts and keywords meet often. */
const alphabet = ['a', 'b', ' ', '%', '星', '辰', '夜', '𠀋', '\n'];
const text = fc.array(fc.constantFrom(...alphabet), { maxLength: 12 }).map((chars) => chars.join(''));
const keyword = fc
  .array(fc.constantFrom(...alphabet.filter((char) => char !== '\n')), { minLength: 1, maxLength: 4 })
  .map((chars) => chars.join(''));

const doc = (id: number) =>
  fc.record({
    id: fc.constant(id),
    hot: fc.integer({ min: 0, max: 5 }),
    title: text,
    description: text,
    tags: text,
  });

const docs = fc.uniqueArray(fc.integer({ min: 1, max: 60 }), { maxLength: 40 }).chain((ids) => fc.tuple(...ids.map(doc)));

type Change = { kind: 'upsert'; doc: TextDoc } | { kind: 'remove'; id: number };
const changes = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 60 }).chain((id) => doc(id).map((d): Change => ({ kind: 'upsert', doc: d }))),
    fc.integer({ min: 1, max: 60 }).map((id): Change => ({ kind: 'remove', id })),
  ),
  { maxLength: 20 },
);

type Field = 'title' | 'other' | 'any';

function matches(d: TextDoc, word: string, field: Field): boolean {
  const title = d.title.includes(word);
  const other = d.description.includes(word) || d.tags.includes(word);
  if (field === 'title') return title;
  if (field === 'other') return !title && other;
  return title || other;
}

/** What the index must answer: every match, sorted. */
function reference(held: Map<number, TextDoc>, word: string, field: Field): number[] {
  return [...held.values()]
    .filter((d) => matches(d, word, field))
    .sort((a, b) => (before(a, b) ? -1 : 1))
    .map((d) => d.id);
}

describe('the in-memory search index', () => {
  it('finds and ranks exactly what a scan of every text would, before and after changes and a rebuild', async () => {
    await fc.assert(
      fc.asyncProperty(docs, changes, keyword, fc.integer({ min: 1, max: 50 }), async (initial, edits, word, want) => {
        const held = new Map(initial.map((d) => [d.id, d]));
        const check = (index: TextIndex) => {
          expect(index.inTitles(word, want)).toEqual({ found: expect.anything(), complete: true });
          expect(index.inTitles(word, want).found.map((d) => d.id)).toEqual(reference(held, word, 'title').slice(0, want));
          expect(index.count(word, want)).toEqual({ count: Math.min(reference(held, word, 'any').length, want), complete: true });
          const anywhere = index.matches(word, want);
          expect(anywhere.complete).toBe(true);
          expect(anywhere.found.map((d) => d.id)).toEqual(reference(held, word, 'any').slice(0, want));
          // Those without the keyword in the title, in their order: what search shows after the title matches.
          const elsewhere = anywhere.found.filter((d) => !d.title.includes(word)).map((d) => d.id);
          expect(elsewhere).toEqual(reference(held, word, 'any').slice(0, want).filter((id) => reference(held, word, 'other').includes(id)));
          expect(index.size).toBe(held.size);
        };
        const index = await TextIndex.build(initial, 7);
        check(index);
        for (const edit of edits) {
          if (edit.kind === 'upsert') {
            held.set(edit.doc.id, edit.doc);
            index.upsert(edit.doc);
          } else {
            held.delete(edit.id);
            index.remove(edit.id);
          }
        }
        check(index);
        check(await TextIndex.build(index.current()));
      }),
      { numRuns: 300 },
    );
  });

  it('looks a one-character keyword up by itself and a longer one by its pairs, astral characters whole', () => {
    expect(keywordGrams('星')).toEqual(['星'.codePointAt(0)]);
    expect(keywordGrams('𠀋')).toEqual([0x2000b]);
    expect(keywordGrams('ab')).toHaveLength(1);
    expect(keywordGrams('星𠀋夜')).toHaveLength(2);
  });

  it('reads no further down a frequent keyword than the page it serves, and counts no further than asked', async () => {
    let reads = 0;
    const many = Array.from({ length: 20_000 }, (_, i): TextDoc => {
      const title = `总裁 ${i}`;
      return {
        id: i + 1,
        hot: i,
        get title() {
          reads += 1;
          return title;
        },
        description: '',
        tags: '',
      };
    });
    const index = await TextIndex.build(many);
    reads = 0;
    expect(index.inTitles('总裁', 20).found.map((d) => d.id)).toEqual(Array.from({ length: 20 }, (_, i) => 20_000 - i));
    expect(reads).toBeLessThanOrEqual(20);
    reads = 0;
    expect(index.count('总裁', 1_001)).toEqual({ count: 1_001, complete: true });
    expect(reads).toBeLessThanOrEqual(1_001);
    reads = 0;
    expect(index.inTitles('总裁 19999', 20).found.map((d) => d.id)).toEqual([20_000]);
    // Through its rarest pair (one of the digits' pairs), not "总裁", which every title has.
    expect(reads).toBeLessThan(2_000);
  });

  it('keeps a changed drama out of the lists it was built into and in the recent list until rebuilt', async () => {
    const index = await TextIndex.build([
      { id: 1, hot: 10, title: 'moonlight', description: '', tags: '' },
      { id: 2, hot: 5, title: 'moonlight', description: '', tags: '' },
    ]);
    index.upsert({ id: 2, hot: 20, title: 'moonlight', description: '', tags: '' });
    expect(index.recentCount).toBe(1);
    expect(index.inTitles('moon', 5).found.map((d) => d.id)).toEqual([2, 1]);
    index.upsert({ id: 2, hot: 20, title: 'moonlight', description: '', tags: '' });
    expect(index.recentCount).toBe(1);
    index.remove(1);
    expect(index.inTitles('moon', 5).found.map((d) => d.id)).toEqual([2]);
    const rebuilt = await TextIndex.build(index.current());
    expect(rebuilt.recentCount).toBe(0);
    expect(rebuilt.inTitles('moon', 5).found.map((d) => d.id)).toEqual([2]);
  });

  it('stops a walk at its budget of checked texts, saying so, and what it found still matches in order', async () => {
    await fc.assert(
      fc.asyncProperty(docs, keyword, fc.integer({ min: 1, max: 50 }), fc.integer({ min: 0, max: 4 }), async (initial, word, want, budget) => {
        const held = new Map(initial.map((d) => [d.id, d]));
        const index = await TextIndex.build(initial, 7, budget);
        for (const [field, walk] of [
          ['title', index.inTitles(word, want)],
          ['any', index.matches(word, want)],
        ] as const) {
          const { found, complete } = walk;
          const all = reference(held, word, field);
          if (complete) expect(found.map((d) => d.id)).toEqual(all.slice(0, want));
          else expect(found.map((d) => d.id)).toEqual(all.filter((id) => found.some((d) => d.id === id)));
          expect(found.length).toBeLessThanOrEqual(want);
        }
        const { count, complete } = index.count(word, want);
        const all = reference(held, word, 'any').length;
        if (complete) expect(count).toBe(Math.min(all, want));
        else expect(count).toBeLessThanOrEqual(Math.min(all, want));
      }),
      { numRuns: 300 },
    );
  });

  it('checks a bounded number of texts for a keyword whose every pair is everywhere but whose whole is nowhere', async () => {
    let reads = 0;
    const many = Array.from({ length: 30_000 }, (_, i): TextDoc => {
      const description = `the sea and the tea of ${i}`;
      return {
        id: i + 1,
        hot: i,
        title: `story ${i}`,
        get description() {
          reads += 1;
          return description;
        },
        tags: '',
      };
    });
    const index = await TextIndex.build(many, 250, 1_000);
    reads = 0;
    // Every pair of "sea the" is in every description; the keyword is in none.
    expect(index.count('sea the', 1_001)).toEqual({ count: 0, complete: false });
    expect(reads).toBeLessThanOrEqual(1_000);
    reads = 0;
    expect(index.matches('sea the', 20)).toEqual({ found: [], complete: false });
    expect(reads).toBeLessThanOrEqual(1_000);
    // A keyword that is there is found within the same budget.
    expect(index.matches('tea of 29999', 20).found.map((d) => d.id)).toEqual([30_000]);
  });
});
