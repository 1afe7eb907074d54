import { describe, expect, it } from 'vitest';
import { unauthorizedAction } from './unauthorized-policy';

describe('401 policy (spec section 8)', () => {
  it.each([
    '/client/favorites',
    '/client/favorites/dramas/3',
    '/client/user/me',
    '/client/points/tasks',
    '/client/membership/plans',
    '/client/orders/9',
    '/client/watch-records',
    '/client/payments/channels',
    '/client/user/password',
    '/client/user/bind-phone',
    '/client/user/bind-email',
    '/client/auth/codes',
  ])('clears the user and redirects on %s', (path) => {
    expect(unauthorizedAction(path)).toBe('redirect');
  });

  it.each(['/client/episodes/4/like/check', '/client/dramas/2', '/dramas/episodes/2', '/client/episodes/7/play'])(
    'keeps the session on catalogue call %s',
    (path) => {
      expect(unauthorizedAction(path)).toBe('keep');
    },
  );

  it('does not treat a failed sign-in as an expired session', () => {
    expect(unauthorizedAction('/client/auth/sign-in')).toBe('keep');
    expect(unauthorizedAction('/client/auth/sign-up')).toBe('keep');
    expect(unauthorizedAction('/client/auth/reset-password')).toBe('keep');
    expect(unauthorizedAction('/client/auth/sign-out')).toBe('keep');
  });

  it('clears the user on any other 401', () => {
    expect(unauthorizedAction('/client/likes')).toBe('clear');
    expect(unauthorizedAction('/client/feedback')).toBe('clear');
  });
});
