import { LIMITS } from '@drama/contracts';

export type SwipeDirection = 'next' | 'previous';

/**
 * What a vertical drag means: up (negative dy) is the next episode, down the previous one.
 * Only a drag longer than the threshold counts (spec section 5: "longer than 50 px"), and only
 * when it is more vertical than horizontal.
 */
export function swipeDirection(dy: number, dx = 0, threshold: number = LIMITS.swipeThresholdPx): SwipeDirection | null {
  if (Math.abs(dy) <= threshold || Math.abs(dx) > Math.abs(dy)) return null;
  return dy < 0 ? 'next' : 'previous';
}

/** A press that barely moved is a tap. */
export function isTap(dy: number, dx: number, slop = 10): boolean {
  return Math.hypot(dx, dy) < slop;
}
