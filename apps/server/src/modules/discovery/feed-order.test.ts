import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FeedEntry, FeedOrder, type PageRule } from './feed-order.js';

const entry = (id: number) =>
  fc.record({
    id: fc.constant(id),
    // Few scores, so that ties (broken by the id) are common.
    score: fc.integer({ min: 0, max: 6 }).map((n) => n / 2),
    droppedAt: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  });

const entries = fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 40 }).chain((ids) => fc.tuple(...ids.map(entry)));

type Change = { kind: 'upsert'; entry: FeedEntry } | { kind: 'remove'; id: number };
const changes = fc.array(
  fc.oneof(
    fc.integer({ min: 1, max: 50 }).chain((id) => entry(id).map((e): Change => ({ kind: 'upsert', entry: e }))),
    fc.integer({ min: 1, max: 50 }).map((id): Change => ({ kind: 'remove', id })),
  ),
  { maxLength: 20 },
);

const rule: fc.Arbitrary<PageRule> = fc.record({
  after: fc.option(fc.record({ score: fc.integer({ min: 0, max: 6 }).map((n) => n / 2), id: fc.integer({ min: 0, max: 51 }) }), { nil: null }),
  droppedSince: fc.option(fc.integer({ min: 0, max: 10 }), { nil: null }),
  exclude: fc.uniqueArray(fc.integer({ min: 1, max: 50 }), { maxLength: 5 }).map((ids) => new Set(ids)),
});

/** The page by the rule, from every entry sorted: what the order must answer. */
function reference(held: Map<number, FeedEntry>, page: PageRule, want: number): number[] {
  return [...held.values()]
    .sort((a, b) => b.score - a.score || b.id - a.id)
    .filter((e) => !page.after || e.score < page.after.score || (e.score === page.after.score && e.id < page.after.id))
    .filter((e) => !page.exclude.has(e.id))
    .filter((e) => page.droppedSince === null || e.droppedAt === null || e.droppedAt < page.droppedSince)
    .slice(0, want)
    .map((e) => e.id);
}

describe('the in-memory feed order', () => {
  it('pages exactly as a sort of every entry would, before and after changes and a rebuild', () => {
    fc.assert(
      fc.property(entries, changes, rule, fc.integer({ min: 1, max: 45 }), (initial, edits, page, want) => {
        const held = new Map(initial.map((e) => [e.id, e]));
        const order = new FeedOrder(initial);
        expect(order.page(page, want).map((e) => e.id)).toEqual(reference(held, page, want));
        for (const edit of edits) {
          if (edit.kind === 'upsert') {
            held.set(edit.entry.id, edit.entry);
            order.upsert(edit.entry);
          } else {
            held.delete(edit.id);
            order.remove(edit.id);
          }
        }
        expect(order.page(page, want).map((e) => e.id)).toEqual(reference(held, page, want));
        expect(order.size).toBe(held.size);
        expect(new FeedOrder(order.current()).page(page, want).map((e) => e.id)).toEqual(reference(held, page, want));
      }),
      { numRuns: 500 },
    );
  });

  it('follows a whole scroll page by page without a repeat or a gap', () => {
    const all = Array.from({ length: 100 }, (_, i) => ({ id: i + 1, score: (i * 37) % 11, droppedAt: null }));
    const order = new FeedOrder(all);
    const served: number[] = [];
    let after: PageRule['after'] = null;
    for (;;) {
      const page = order.page({ after, droppedSince: null, exclude: new Set() }, 7);
      if (page.length === 0) break;
      served.push(...page.map((e) => e.id));
      const last = page[page.length - 1] as FeedEntry;
      after = { score: last.score, id: last.id };
    }
    expect(served).toEqual([...all].sort((a, b) => b.score - a.score || b.id - a.id).map((e) => e.id));
  });
});
