import { describe, expect, it } from 'vitest';
import { mayUse } from './access';
import { safeNextPath, signInPath } from './next-path';

describe('access', () => {
  it('lets an owner through everywhere and others by their role', () => {
    expect(mayUse('owner', ['finance'])).toBe(true);
    expect(mayUse('finance', ['finance', 'support'])).toBe(true);
    expect(mayUse('content', ['owner'])).toBe(false);
    expect(mayUse('support', 'everyone')).toBe(true);
  });
});

describe('the way back after sign-in', () => {
  it('keeps a path inside the console', () => {
    expect(safeNextPath('/audit?action=x')).toBe('/audit?action=x');
  });

  it('refuses other origins, missing values and the sign-in page itself', () => {
    for (const next of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', '/sign-in?next=/x', '/setup?token=x']) {
      expect(safeNextPath(next), String(next)).toBe('/');
    }
  });

  it('builds the sign-in address', () => {
    expect(signInPath('/audit?page=2')).toBe('/sign-in?next=%2Faudit%3Fpage%3D2');
    expect(signInPath('/')).toBe('/sign-in');
  });
});
