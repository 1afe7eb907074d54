import { randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { base62Decode, base62Encode } from './base62.js';
import { OauthStates, oauthStateKey, safeReturnPath } from './wechat-oauth.js';

/** What WeChat's page authorisation takes as `state`: a-zA-Z0-9, at most 128 bytes. */
const WECHAT_STATE = /^[A-Za-z0-9]{1,128}$/;

const states = new OauthStates(oauthStateKey('a-server-secret-that-is-long-enough-0123'));

/** Return paths the OAuth step takes: a /payment page with anything after it, in any script. */
const returnPaths = fc
  .tuple(
    fc.constantFrom('/payment', '/payment/result', '/payment?', '/payment#'),
    fc.oneof(fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary-ascii', maxLength: 80 })),
  )
  .map(([start, rest]) => `${start}${start.endsWith('t') ? `?${rest}` : rest}`)
  .filter((path) => safeReturnPath(path) === path);

describe('base62', () => {
  it('round-trips any bytes, leading zeros included, in [0-9A-Za-z] only', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 96 }), (bytes) => {
        const text = base62Encode(bytes);
        expect(text).toMatch(/^[0-9A-Za-z]+$/);
        expect(base62Decode(text)).toEqual(Buffer.from(bytes));
      }),
    );
  });

  it('refuses other letters and another spelling of the same number', () => {
    const text = base62Encode(Buffer.from([0, 1, 2]));
    expect(base62Decode(`0${text}`)).toBeNull();
    for (const bad of ['', 'abc-', 'ab_c', 'a.b', 'ä', '0']) expect(base62Decode(bad)).toBeNull();
  });
});

describe('the WeChat OAuth state', () => {
  it('is only [A-Za-z0-9] and at most 128 bytes for every return path, and leads back to it for the browser that set out', () => {
    fc.assert(
      fc.property(returnPaths, (path) => {
        const made = states.issue(path);
        // A path too long to carry is refused before anyone is sent to WeChat.
        if (!made) {
          expect(Buffer.byteLength(path)).toBeGreaterThan(64);
          return;
        }
        expect(made.state).toMatch(WECHAT_STATE);
        expect(Buffer.byteLength(made.state)).toBeLessThanOrEqual(128);
        expect(states.returnPathOf(made.state, made.nonce)).toBe(path);
      }),
      { numRuns: 500 },
    );
  });

  it('carries every return path of up to 64 bytes (the app sends /payment?orderId=…)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary-ascii', maxLength: 55 }), (rest) => {
        const path = `/payment?${rest.replace(/[\\\s]/g, 'x')}`;
        expect(states.issue(path)).not.toBeNull();
      }),
    );
    expect(states.issue(`/payment?orderId=${2 ** 31 - 1}`)?.state).toMatch(WECHAT_STATE);
  });

  it('refuses a state with any letter changed, added or taken away', () => {
    fc.assert(
      fc.property(
        returnPaths,
        fc.nat(),
        fc.constantFrom(...'0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz'),
        fc.constantFrom('change', 'insert', 'delete'),
        (path, at, letter, edit) => {
          const made = states.issue(path);
          if (!made) return;
          const index = at % made.state.length;
          const head = made.state.slice(0, index);
          const tail = made.state.slice(index);
          const tampered =
            edit === 'insert' ? `${head}${letter}${tail}` : edit === 'delete' ? `${head}${tail.slice(1)}` : `${head}${letter}${tail.slice(1)}`;
          fc.pre(tampered !== made.state);
          expect(states.returnPathOf(tampered, made.nonce)).toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('refuses a state made with another key, one whose path was swapped, and one of another browser', () => {
    fc.assert(
      fc.property(returnPaths, returnPaths, (path, other) => {
        const made = states.issue(path);
        if (!made) return;
        const elsewhere = new OauthStates(randomBytes(32)).issue(path);
        if (elsewhere) expect(states.returnPathOf(elsewhere.state, elsewhere.nonce)).toBeNull();
        // The nonce and MAC of a genuine state, with another path put in.
        const payload = base62Decode(made.state);
        expect(payload).not.toBeNull();
        if (other !== path && payload) {
          const swapped = base62Encode(Buffer.concat([payload.subarray(0, 28), Buffer.from(other, 'utf8')]));
          expect(states.returnPathOf(swapped, made.nonce)).toBeNull();
        }
        const someoneElse = states.issue(path);
        if (someoneElse) expect(states.returnPathOf(made.state, someoneElse.nonce)).toBeNull();
      }),
    );
  });

  it('refuses a missing, overlong or old-style state, and a malformed cookie', () => {
    const made = states.issue('/payment?orderId=42');
    expect(made).not.toBeNull();
    if (!made) return;
    expect(states.returnPathOf(undefined, made.nonce)).toBeNull();
    expect(states.returnPathOf(made.state, undefined)).toBeNull();
    expect(states.returnPathOf(`${made.state}${'0'.repeat(129 - made.state.length)}`, made.nonce)).toBeNull();
    expect(states.returnPathOf(`${made.nonce}.${Buffer.from('/payment?orderId=42').toString('base64url')}`, made.nonce)).toBeNull();
    expect(states.returnPathOf(made.state, `${made.nonce}!`)).toBeNull();
  });
});

describe('safeReturnPath', () => {
  it('keeps the payer on the payment page: dot segments, however spelled, are refused', () => {
    for (const path of ['/payment', '/payment?orderId=12', '/payment/result#top', '/payment/']) expect(safeReturnPath(path)).toBe(path);
    for (const path of ['/payment/../me', '/payment/%2e%2e/me', '/payment/%2E%2E/settings', '/payment/./../x', '/payment/..', '/payment/..?x=1', '/paymentx', '//evil.example/payment', '/payment\\..\\me', '/payment/%zz']) {
      expect(safeReturnPath(path), path).toBeNull();
    }
  });
});

