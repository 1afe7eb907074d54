import { describe, expect, it } from 'vitest';
import { isTap, swipeDirection } from './swipe';

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
  });
});
