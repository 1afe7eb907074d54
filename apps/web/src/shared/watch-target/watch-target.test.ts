import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from '../form/safe-redirect';
import { membershipPathFor, parseId, playerPathFor, readWatchTarget, withWatchTarget } from './watch-target';

describe('parseId', () => {
  it('reads a positive whole id', () => {
    expect(parseId('1')).toBe(1);
    expect(parseId('2147483647')).toBe(2_147_483_647);
  });

  it.each([null, undefined, '', '0', '-3', '+3', '3.0', '1e3', ' 3', '3 ', '03', '0x1f', '2147483648', '99999999999', 'abc'])(
    'refuses %j',
    (raw) => {
      expect(parseId(raw)).toBeNull();
    },
  );
});

describe('readWatchTarget', () => {
  it('needs both the drama and the episode', () => {
    expect(readWatchTarget(new URLSearchParams('drama=5&episode=129'))).toEqual({ dramaId: 5, episodeId: 129 });
    expect(readWatchTarget(new URLSearchParams('drama=5'))).toBeNull();
    expect(readWatchTarget(new URLSearchParams('episode=129'))).toBeNull();
    expect(readWatchTarget(new URLSearchParams('drama=5&episode=x'))).toBeNull();
    expect(readWatchTarget(new URLSearchParams('drama=//evil.example&episode=1'))).toBeNull();
  });

  it('reads the first of repeated values, as the pages do', () => {
    expect(readWatchTarget(new URLSearchParams('drama=5&episode=9&drama=6'))).toEqual({ dramaId: 5, episodeId: 9 });
  });
});

describe('withWatchTarget', () => {
  const target = { dramaId: 5, episodeId: 129 };

  it('adds the target to a path, keeping its own query and hash', () => {
    expect(withWatchTarget('/payment?orderId=3', target)).toBe('/payment?orderId=3&drama=5&episode=129');
    expect(withWatchTarget('/membership', target)).toBe('/membership?drama=5&episode=129');
    expect(withWatchTarget('/orders#top', target)).toBe('/orders?drama=5&episode=129#top');
  });

  it('replaces a target already there instead of repeating it', () => {
    expect(withWatchTarget('/membership?drama=1&episode=2', target)).toBe('/membership?drama=5&episode=129');
  });

  it('leaves the path alone without a target', () => {
    expect(withWatchTarget('/payment?orderId=3', null)).toBe('/payment?orderId=3');
    expect(membershipPathFor(null)).toBe('/membership');
  });

  it('round-trips through the address', () => {
    const url = new URL(withWatchTarget('/payment/result?orderId=7', target), 'https://app.invalid');
    expect(readWatchTarget(url.searchParams)).toEqual(target);
  });
});

describe('playerPathFor', () => {
  it('opens the episode, or its gate when coming back to unlock it', () => {
    expect(playerPathFor({ dramaId: 5, episodeId: 129 })).toBe('/player/5?episode=129');
    expect(playerPathFor({ dramaId: 5, episodeId: 129 }, { unlock: true })).toBe('/player/5?episode=129&unlock=1');
  });

  it('gives paths that sign-in accepts as its redirect, unchanged', () => {
    const back = playerPathFor({ dramaId: 5, episodeId: 129 }, { unlock: true });
    expect(safeRedirectPath(back)).toBe(back);
    expect(safeRedirectPath(membershipPathFor({ dramaId: 5, episodeId: 129 }))).toBe('/membership?drama=5&episode=129');
  });
});
