import { describe, expect, it } from 'vitest';
import { decideGuard, isGuestOnly, requiresAuth } from './guard';
import { APP_ROUTES } from './route-table';

const authRoutes = APP_ROUTES.filter((route) => route.auth).map((route) => route.path);
const at = (href: string) => {
  const url = new URL(href, 'http://app.test');
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe('route guard (spec section 4)', () => {
  it('sends a guest on a protected route to sign in with the full target path', () => {
    expect(decideGuard(at('/points/tasks?x=1'), false, authRoutes)).toEqual({
      type: 'redirect',
      to: '/auth/sign-in?redirect=%2Fpoints%2Ftasks%3Fx%3D1',
    });
  });

  it.each([
    '/profile',
    '/settings',
    '/settings/language',
    '/points',
    '/points/mall',
    '/membership/payment',
    '/orders/42',
    '/history',
    '/favorites',
    '/payment/result',
    '/feedback',
    '/redeem/records',
  ])('protects %s', (path) => {
    expect(requiresAuth(path, authRoutes)).toBe(true);
  });

  it.each(['/', '/category', '/explore', '/search', '/player/3', '/legal/privacy', '/dramas/tag/romance', '/auth/sign-in'])(
    'leaves %s open to guests',
    (path) => {
      expect(requiresAuth(path, authRoutes)).toBe(false);
      expect(decideGuard(at(path), false, authRoutes)).toEqual({ type: 'allow' });
    },
  );

  it('matches prefixes by segment, not by text', () => {
    expect(requiresAuth('/payments-faq', authRoutes)).toBe(false);
    expect(requiresAuth('/profile/', authRoutes)).toBe(true);
  });

  it('protects routes flagged in the table even outside the prefixes', () => {
    expect(requiresAuth('/secret', ['/secret'])).toBe(true);
  });

  it.each(['/auth/sign-in', '/auth/sign-up', '/auth/verification', '/auth/reset-password', '/login'])(
    'sends a signed-in user on %s home',
    (path) => {
      expect(isGuestOnly(path)).toBe(true);
      expect(decideGuard(at(path), true, authRoutes)).toEqual({ type: 'redirect', to: '/' });
    },
  );

  it('lets a signed-in user through protected routes', () => {
    expect(decideGuard(at('/points/tasks'), true, authRoutes)).toEqual({ type: 'allow' });
  });
});
