import { describe, expect, it } from 'vitest';
import { activeTab, isTabBarHidden, isWidePage } from './tab-model';

describe('tab bar model (spec section 2)', () => {
  it.each([
    ['/', 'home'],
    ['/category', 'category'],
    ['/explore', 'explore'],
    ['/profile', 'profile'],
  ] as const)('lights %s as %s', (path, tab) => {
    expect(activeTab(path)).toBe(tab);
  });

  it.each([
    '/auth/sign-in',
    '/settings/language',
    '/points/tasks',
    '/membership',
    '/orders/3',
    '/history',
    '/favorites',
    '/payment/result',
    '/feedback',
    '/legal/privacy',
    '/redeem',
  ])('keeps the profile tab lit on %s', (path) => {
    expect(activeTab(path)).toBe('profile');
  });

  it('lights nothing on pages outside the tabs', () => {
    expect(activeTab('/search')).toBeNull();
    expect(activeTab('/player/1')).toBeNull();
    expect(activeTab('/pointsx')).toBeNull();
  });

  it.each([
    '/player',
    '/player/12',
    '/auth/login',
    '/auth/register',
    '/auth/sign-in',
    '/auth/sign-up',
    '/auth/reset-password',
    '/auth/verification',
  ])('hides the bar on %s', (path) => {
    expect(isTabBarHidden(path)).toBe(true);
  });

  it.each(['/', '/authors', '/players', '/profile', '/search'])('shows the bar on %s', (path) => {
    expect(isTabBarHidden(path)).toBe(false);
  });
});

describe('isWidePage', () => {
  it.each(['/', '/category', '/explore', '/search', '/dramas/tag/revenge'])('spreads %s across a wide screen', (path) => {
    expect(isWidePage(path)).toBe(true);
  });

  it.each(['/profile', '/settings', '/membership', '/auth/sign-in', '/history', '/categoryx'])(
    'keeps %s in a readable column',
    (path) => {
      expect(isWidePage(path)).toBe(false);
    },
  );
});
