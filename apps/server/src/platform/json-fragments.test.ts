import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { frozenJson, holdsFrozenJson, serialise, WrittenJson, writtenJson } from './json-fragments.js';

/** The answer as text, whether it came as a string or as UTF-8 bytes. */
const text = (answer: string | Buffer) => (typeof answer === 'string' ? answer : answer.toString('utf8'));

describe('serialising with frozen parts', () => {
  it('writes exactly what JSON.stringify writes, whichever parts were frozen', () => {
    const value = fc.letrec((tie) => ({
      node: fc.oneof(
        { depthSize: 'small' },
        fc.string(),
        fc.double(),
        fc.integer(),
        fc.boolean(),
        fc.constant(null),
        fc.constant(undefined),
        fc.date({ noInvalidDate: true }),
        fc.array(tie('node'), { maxLength: 4 }),
        fc.dictionary(fc.string({ maxLength: 6 }), tie('node'), { maxKeys: 4 }),
      ),
    })).node;
    fc.assert(
      fc.property(value, fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), (data, freeze) => {
        let n = 0;
        const visit = (node: unknown): void => {
          if (typeof node !== 'object' || node === null || node instanceof Date) return;
          for (const child of Object.values(node)) visit(child);
          if (freeze[n++ % freeze.length]) frozenJson(node);
        };
        visit(data);
        const envelope = { success: true, data: typeof data === 'object' && data !== null ? holdsFrozenJson(data) : data };
        expect(text(serialise(envelope))).toBe(JSON.stringify(envelope));
      }),
      { numRuns: 500 },
    );
  });

  it('reuses a frozen value\'s JSON, which is why it must not change after', () => {
    const card = frozenJson({ id: 1, title: 'before' });
    card.title = 'after';
    expect(text(serialise({ success: true, data: holdsFrozenJson({ items: [card] }) }))).toBe('{"success":true,"data":{"items":[{"id":1,"title":"before"}]}}');
    // An answer not marked is serialised as it is.
    expect(serialise({ success: true, data: { items: [card] } })).toBe('{"success":true,"data":{"items":[{"id":1,"title":"after"}]}}');
  });

  it('writes an answer larger than its scratch space whole, and the next one from the start', () => {
    const cards = Array.from({ length: 300 }, (_, id) => frozenJson({ id, title: `标题 ${id} `.repeat(40) }));
    const big = { success: true, data: holdsFrozenJson({ items: cards }) };
    expect(text(serialise(big))).toBe(JSON.stringify(big));
    const small = { success: true, data: holdsFrozenJson({ items: cards.slice(0, 1) }) };
    expect(text(serialise(small))).toBe(JSON.stringify(small));
  });

  it('writes a value kept as its JSON as the value, inside marked answers and others', () => {
    const card = frozenJson({ id: 7, title: '霸道总裁 "quoted"', tags: [{ id: 1, name: 'CEO' }] });
    const hits = [{ drama: card, matchedIn: ['title'], titleRanges: [[2, 4]], snippet: null }];
    const kept = writtenJson(hits);
    expect(kept).toBeInstanceOf(WrittenJson);
    expect(kept.bytes.toString('utf8')).toBe(JSON.stringify(hits));
    const answer = { success: true, data: holdsFrozenJson({ page: 1, items: kept, total: 1 }) };
    const expected = JSON.stringify({ success: true, data: { page: 1, items: hits, total: 1 } });
    expect(text(serialise(answer))).toBe(expected);
    // Not marked: JSON.stringify reads it back through toJSON, to the same text.
    expect(serialise({ success: true, data: { page: 1, items: kept, total: 1 } })).toBe(expected);
    expect(text(serialise({ success: true, data: holdsFrozenJson({ items: writtenJson([]) }) }))).toBe('{"success":true,"data":{"items":[]}}');
  });
});
