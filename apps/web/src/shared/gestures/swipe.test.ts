import { describe, expect, it } from 'vitest';
import { DRAG_SLOP_PX, isTap, lockAxis, resisted, swipeDirection } from './swipe';

describe('swipeDirection', () => {
  it('goes to the next episode on an upward drag past 50 px', () => {
    expect(swipeDirection(-51)).toBe('next');
    expect(swipeDirection(-300, 20)).toBe('next');
  });

  it('goes to the previous episode on a downward drag past 50 px', () => {
    expect(swipeDirection(51)).toBe('previous');
  });

  it('ignores drags of 50 px or less', () => {
    expect(swipeDirection(50)).toBeNull();
    expect(swipeDirection(-50)).toBeNull();
    expect(swipeDirection(-10)).toBeNull();
    expect(swipeDirection(0)).toBeNull();
  });

  it('ignores drags that are more sideways than vertical', () => {
    expect(swipeDirection(-80, 120)).toBeNull();
  });

  it('takes another threshold', () => {
    expect(swipeDirection(-60, 0, 100)).toBeNull();
    expect(swipeDirection(-101, 0, 100)).toBe('next');
  });
});

describe('isTap', () => {
  it('counts a press that barely moved as a tap', () => {
    expect(isTap(2, 3)).toBe(true);
    expect(isTap(0, 12)).toBe(false);
    expect(isTap(0, DRAG_SLOP_PX)).toBe(false);
    expect(isTap(0, DRAG_SLOP_PX - 1)).toBe(true);
  });
});

describe('lockAxis', () => {
  it('decides nothing while the press is within the slop', () => {
    expect(lockAxis(0, 0)).toBeNull();
    expect(lockAxis(6, -6)).toBeNull();
  });

  it('gives a mostly vertical move to the swipe and a mostly sideways one to a slider', () => {
    expect(lockAxis(2, -11)).toBe('vertical');
    expect(lockAxis(-3, 40)).toBe('vertical');
    expect(lockAxis(14, 3)).toBe('horizontal');
    expect(lockAxis(-30, 12)).toBe('horizontal');
  });

  it('gives an exact diagonal to the swipe', () => {
    expect(lockAxis(20, 20)).toBe('vertical');
  });
});

describe('resisted', () => {
  it('follows a third of the way, up to the limit either way', () => {
    expect(resisted(30)).toBe(10);
    expect(resisted(-90)).toBe(-30);
    expect(resisted(900)).toBe(120);
    expect(resisted(-900, 50)).toBe(-50);
  });
});
