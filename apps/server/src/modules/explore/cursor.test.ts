import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../platform/errors.js';
import { decodeCursor, encodeCursor } from './cursor.js';

describe('explore cursor', () => {
  it('round-trips any position exactly', () => {
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true }),
        fc.integer({ min: 1, max: 2_147_483_647 }),
        fc.integer({ min: 946_684_800_000, max: 32_503_680_000_000 }),
        (score, id, startedAt) => {
          const text = encodeCursor({ score, id, startedAt });
          expect(text).toMatch(/^[A-Za-z0-9_-]+$/);
          // JSON has no negative zero; a score is never below 0 anyway.
          expect(decodeCursor(text)).toEqual({ score: score + 0, id, startedAt });
        },
      ),
    );
  });

  it('round-trips a later read of the catalogue (seenAt) with and without exclusions, and leaves it out when no later', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 946_684_800_000, max: 32_503_679_000_000 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { maxLength: 20 }),
        (startedAt, later, exclude) => {
          const seenAt = startedAt + later;
          const withExclusions = exclude.length > 0 ? { exclude } : {};
          expect(decodeCursor(encodeCursor({ score: 2, id: 7, startedAt, seenAt, ...withExclusions }))).toEqual({ score: 2, id: 7, startedAt, seenAt, ...withExclusions });
          expect(decodeCursor(encodeCursor({ score: 2, id: 7, startedAt, seenAt: startedAt, ...withExclusions }))).toEqual({ score: 2, id: 7, startedAt, ...withExclusions });
        },
      ),
    );
  });

  const b64 = (value: string) => Buffer.from(value).toString('base64url');
  it.each([
    ['a read no later than the start', b64('[1,2,1700000000000,1700000000000]')],
    ['a read past the year 3000', b64('[1,2,1700000000000,99999999999999]')],
    ['a fractional read', b64('[1,2,1700000000000,1700000000000.5]')],
    ['exclusions before the read', b64('[1,2,1700000000000,[3],1700000000001]')],
    ['six parts', b64('[1,2,1700000000000,1700000000001,[3],[4]]')],
    ['not base64url', 'abc$%'],
    ['not JSON', b64('{nope')],
    ['an object', b64('{"score":1}')],
    ['two fields', b64('[1,2]')],
    ['a string score', b64('["1",2,1700000000000]')],
    ['a fractional id', b64('[1,2.5,1700000000000]')],
    ['a zero id', b64('[1,0,1700000000000]')],
    ['an id past int4', b64('[1,2147483648,1700000000000]')],
    ['a start before 2000', b64('[1,2,5]')],
  ])('refuses %s with VALIDATION_FAILED', (_, text) => {
    expect(() => decodeCursor(text)).toThrow(AppError);
    try {
      decodeCursor(text);
    } catch (error) {
      expect((error as AppError).code).toBe('VALIDATION_FAILED');
    }
  });
});

describe('explore cursor, personalised', () => {
  const ids = fc.uniqueArray(fc.integer({ min: 1, max: 2_147_483_647 }), { minLength: 1, maxLength: 20 });

  it('round-trips the personal phase and the popular phase with what it leaves out', () => {
    fc.assert(
      fc.property(ids, fc.double({ min: 0, max: 1e6, noNaN: true }), fc.integer({ min: 1, max: 2_147_483_647 }), (served, score, id) => {
        expect(decodeCursor(encodeCursor({ personal: true, served }))).toEqual({ personal: true, served });
        const startedAt = 1_800_000_000_000;
        expect(decodeCursor(encodeCursor({ score, id, startedAt, exclude: served }))).toEqual({ score: score + 0, id, startedAt, exclude: served });
      }),
    );
  });

  it('gives guests exactly the three-part cursor', () => {
    const text = encodeCursor({ score: 1.5, id: 3, startedAt: 1_800_000_000_000, exclude: [] });
    expect(JSON.parse(Buffer.from(text, 'base64url').toString())).toEqual([1.5, 3, 1_800_000_000_000]);
  });

  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  it.each([
    ['a repeated served drama', b64(['p', [4, 4]])],
    ['too many served dramas', b64(['p', Array.from({ length: 21 }, (_, index) => index + 1)])],
    ['a served id that is not one', b64(['p', [0]])],
    ['another phase letter', b64(['q', [1]])],
    ['an empty exclusion', b64([1, 2, 1_800_000_000_000, []])],
    ['an exclusion that is not a list', b64([1, 2, 1_800_000_000_000, 5])],
  ])('refuses %s', (_, text) => {
    expect(() => decodeCursor(text)).toThrow(AppError);
  });
});
