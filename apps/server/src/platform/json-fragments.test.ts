import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { holdsWrittenJson, serialise, WrittenJson, writtenJson } from './json-fragments.js';

/** The answer as text, whether it came as a string or as UTF-8 bytes. */
const text = (answer: string | Buffer) => (typeof answer === 'string' ? answer : answer.toString('utf8'));

describe('serialising with parts written before', () => {
  it('writes exactly what JSON.stringify writes, whichever parts were written before', () => {
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
      fc.property(value, fc.array(fc.boolean(), { minLength: 1, maxLength: 30 }), (data, write) => {
        let n = 0;
        // A copy of the value in which some objects (inner ones first) are replaced by their JSON.
        const keep = (node: unknown): unknown => {
          if (typeof node !== 'object' || node === null || node instanceof Date) return node;
          const copy: unknown = Array.isArray(node) ? node.map(keep) : Object.fromEntries(Object.entries(node).map(([key, child]) => [key, keep(child)]));
          return write[n++ % write.length] ? writtenJson(copy as object) : copy;
        };
        const kept = keep(data);
        const envelope = { success: true, data: typeof kept === 'object' && kept !== null ? holdsWrittenJson(kept) : kept };
        expect(text(serialise(envelope))).toBe(JSON.stringify({ success: true, data }));
      }),
      { numRuns: 500 },
    );
  });

  it('copies written JSON as it was written: a change to the value afterwards is not in it', () => {
    const value = { id: 1, title: 'before' };
    const card = writtenJson(value);
    value.title = 'after';
    expect(text(serialise({ success: true, data: holdsWrittenJson({ items: [card] }) }))).toBe('{"success":true,"data":{"items":[{"id":1,"title":"before"}]}}');
    // An answer not marked reads it back through toJSON, to the same text.
    expect(serialise({ success: true, data: { items: [card] } })).toBe('{"success":true,"data":{"items":[{"id":1,"title":"before"}]}}');
  });

  it('writes an answer larger than its scratch space whole, and the next one from the start', () => {
    const cards = Array.from({ length: 300 }, (_, id) => ({ id, title: `标题 ${id} `.repeat(40) }));
    const written = cards.map((card) => writtenJson(card));
    const big = { success: true, data: holdsWrittenJson({ items: written }) };
    expect(text(serialise(big))).toBe(JSON.stringify({ success: true, data: { items: cards } }));
    const small = { success: true, data: holdsWrittenJson({ items: written.slice(0, 1) }) };
    expect(text(serialise(small))).toBe(JSON.stringify({ success: true, data: { items: cards.slice(0, 1) } }));
  });

  it('writes a value kept as its JSON as the value, inside marked answers and others', () => {
    const drama = { id: 7, title: '霸道总裁 "quoted"', tags: [{ id: 1, name: 'CEO' }] };
    const card = writtenJson(drama);
    const hits = [{ drama, matchedIn: ['title'], titleRanges: [[2, 4]], snippet: null }];
    const kept = writtenJson([{ ...hits[0], drama: card }]);
    expect(kept).toBeInstanceOf(WrittenJson);
    expect(kept.bytes.toString('utf8')).toBe(JSON.stringify(hits));
    const answer = { success: true, data: holdsWrittenJson({ page: 1, items: kept, total: 1 }) };
    const expected = JSON.stringify({ success: true, data: { page: 1, items: hits, total: 1 } });
    expect(text(serialise(answer))).toBe(expected);
    // Not marked: JSON.stringify reads it back through toJSON, to the same text.
    expect(serialise({ success: true, data: { page: 1, items: kept, total: 1 } })).toBe(expected);
    expect(text(serialise({ success: true, data: holdsWrittenJson({ items: writtenJson([]) }) }))).toBe('{"success":true,"data":{"items":[]}}');
  });
});
