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
    const result = safeRedirectPath(raw);
    expect(result === '/' || result === '/%0a/evil').toBe(true);
    expect(result.startsWith('//')).toBe(false);
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
