import { LIMITS } from '@drama/contracts';

export type SwipeDirection = 'next' | 'previous';

/** A press that moves less than this (in CSS px) is a tap, and no drag has started yet. */
export const DRAG_SLOP_PX = 10;

/** A finger held this long without moving past the slop is a long-press. */
export const LONG_PRESS_MS = 400;

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
export function isTap(dy: number, dx: number, slop = DRAG_SLOP_PX): boolean {
  return Math.hypot(dx, dy) < slop;
}

export type DragAxis = 'vertical' | 'horizontal';

/**
 * Which way a press that has started to move is going, decided once it leaves the slop: the
 * gesture surface takes a vertical one (the swipe), a slider a horizontal one (seeking). Both
 * ask this same question of the same points, so they never both take a drag. A diagonal goes to
 * the vertical: the swipe is the screen's main gesture.
 */
export function lockAxis(dx: number, dy: number, slop = DRAG_SLOP_PX): DragAxis | null {
  if (isTap(dy, dx, slop)) return null;
  return Math.abs(dx) > Math.abs(dy) ? 'horizontal' : 'vertical';
}

/** How far the picture follows a finger: a third of its way, at most `max` px (rubber band). */
export function resisted(dy: number, max = 120): number {
  return Math.max(-max, Math.min(max, dy / 3));
}
