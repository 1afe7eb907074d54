import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redirectQuery, safeRedirectPath } from './safe-redirect';

describe('redirect after sign-in', () => {
  it.each([
    ['/points/tasks?x=1', '/points/tasks?x=1'],
    ['/player/3?episode=12#top', '/player/3?episode=12#top'],
    ['/', '/'],
    ['/search?keyword=%E7%88%B1', '/search?keyword=%E7%88%B1'],
  ])('keeps the same-site path %j', (raw, expected) => {
    expect(safeRedirectPath(raw)).toBe(expected);
  });

  it.each([
    null,
    undefined,
    '',
    'profile',
    'https://evil.example/profile',
    '//evil.example',
    '//evil.example/path',
    '/\\evil.example',
    '/\t/evil.example',
    '/\n/evil.example',
    'javascript:alert(1)',
    ' /profile',
    '/%0a/evil',
  ])('refuses %j and goes home', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/');
  });

  // Spellings that only become another site once resolved or percent-decoded, as the browser,
  // the router or a later redirect would: each must be refused, not passed on in any form.
  it.each([
    '/.//evil.example',
    '/%2e%2e//evil.example',
    '/%2e//evil',
    '/./%2F%2Fevil',
    '/..//evil',
    '/a/../..//evil',
    '/%5c%5cevil',
    '/%5C/evil.example',
    '/%2f%2fevil.example',
    '/%2F%2Fevil.example/path?x=1',
    '/%252f%252fevil.example',
    '/%25252f%25252fevil.example',
    '/%252e%252e//evil.example',
    '/x/%252e%252e/%252e%252e//evil.example',
    '/%2f%2fevil.example%',
    '/%09/evil.example',
    '/%0d%0a/evil.example',
    '/\t/evil.example',
    '/\r\n/evil.example',
    '/\u0000/evil.example',
    '/／／evil.example',
    '／／evil.example',
    '/＼evil.example',
    '/%EF%BC%8F%EF%BC%8Fevil.example',
    '/∕∕evil.example',
    '/%61uth/sign-in',
  ])('refuses %j, which resolves or decodes to another site', (raw) => {
    expect(safeRedirectPath(raw)).toBe('/');
    expect(safeRedirectPath(raw, '/profile')).toBe('/profile');
    expect(redirectQuery(raw)).toBe('');
  });

  it('returns the resolved path rather than the spelling it was given', () => {
    expect(safeRedirectPath('/points/./tasks/../tasks?x=1#top')).toBe('/points/tasks?x=1#top');
    expect(safeRedirectPath('/search?keyword=爱')).toBe('/search?keyword=%E7%88%B1');
    expect(safeRedirectPath('/player/%33')).toBe('/player/%33');
  });

  it('keeps text in the search that only looks odd', () => {
    expect(safeRedirectPath('/search?keyword=%5C%09%2F%2F')).toBe('/search?keyword=%5C%09%2F%2F');
    expect(safeRedirectPath('/search?keyword=%E3%80%82')).toBe('/search?keyword=%E3%80%82');
    expect(safeRedirectPath('/search?keyword=100%')).toBe('/search?keyword=100%');
  });

  it('does not go back to a guest page', () => {
    expect(safeRedirectPath('/auth/sign-up')).toBe('/');
    expect(safeRedirectPath('/login?redirect=/x')).toBe('/');
    expect(safeRedirectPath('/authors')).toBe('/authors');
  });

  it('uses the given fallback', () => {
    expect(safeRedirectPath('//evil.example', '/profile')).toBe('/profile');
  });

  it('carries a safe target between guest pages and drops an unsafe one', () => {
    expect(redirectQuery('/points/tasks?x=1')).toBe('?redirect=%2Fpoints%2Ftasks%3Fx%3D1');
    expect(redirectQuery('//evil.example')).toBe('');
    expect(redirectQuery(null)).toBe('');
  });
});

const BASE = 'https://app.invalid';

/** Exactly one leading slash then anything but a slash or a backslash, or just `/`. */
function isOneSlashPath(value: string): boolean {
  return value === '/' || /^\/[^/\\]/.test(value);
}

function decodedOrNull(value: string): string | null {
  try {
    return decodeURIComponent(value);
  } catch {
    return null;
  }
}

describe('redirect after sign-in, for any spelling', () => {
  const spicy = fc.constantFrom(
    '/', '\\', '.', '..', '%2e', '%2E', '%2f', '%2F', '%5c', '%5C', '%252f', '%252e', '%25', '%09',
    ':', '@', '?', '#', 'a', 'b', 'Z', '\t', '\n', 'evil.example', '／', 'auth',
  );
  const raws = fc
    .tuple(fc.constantFrom('/', '/', '/', '//', '', '\\'), fc.array(spicy, { maxLength: 14 }))
    .map(([start, parts]) => start + parts.join(''));

  it('is home or a one-slash path on this site, before and after decoding', () => {
    fc.assert(
      fc.property(raws, (raw) => {
        const result = safeRedirectPath(raw);
        expect(isOneSlashPath(result)).toBe(true);
        expect(new URL(result, BASE).origin).toBe(BASE);
        expect(new URL(result, `${BASE}/deep/page?x#y`).origin).toBe(BASE);
        const decoded = decodedOrNull(result);
        if (decoded !== null) {
          expect(isOneSlashPath(decoded)).toBe(true);
          expect(new URL(decoded, BASE).origin).toBe(BASE);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps ordinary paths exactly as given', () => {
    const segment = fc.stringMatching(/^[a-z0-9-]{1,10}$/).filter((part) => part !== 'auth' && part !== 'login');
    fc.assert(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 4 }), fc.stringMatching(/^[a-z0-9=&]{0,12}$/), (parts, query) => {
        const path = `/${parts.join('/')}${query ? `?${query}` : ''}`;
        expect(safeRedirectPath(path)).toBe(path);
      }),
    );
  });
});
