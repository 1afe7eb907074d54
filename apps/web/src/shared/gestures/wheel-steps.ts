/** Wheel movement that counts as one step, like the swipe's threshold. */
export const WHEEL_STEP_PX = 50;
/** A pause this long between wheel events ends a wheel gesture; the next event starts a new one. */
export const WHEEL_GESTURE_GAP_MS = 300;
/** Steps are at least this far apart, however the wheel is turned. */
export const WHEEL_MIN_INTERVAL_MS = 450;

/** A wheel event's movement in CSS px, whatever unit the device reports it in. */
export function wheelPixels(deltaY: number, deltaMode: number, pageHeight: number): number {
  if (deltaMode === 1) return deltaY * 16; // lines
  if (deltaMode === 2) return deltaY * pageHeight; // pages
  return deltaY;
}

/**
 * Turns wheel events into steps: one per wheel gesture. A gesture is a run of events with no
 * pause longer than WHEEL_GESTURE_GAP_MS, so a trackpad's flick, which goes on sending smaller
 * and smaller movements for a second or more (its inertia), moves one episode, not five; a
 * mouse wheel spun quickly through several notches does too. The step comes as soon as the
 * gesture has moved WHEEL_STEP_PX, not when it ends, so the wheel feels immediate.
 */
export class WheelStepper {
  private sum = 0;
  private lastEventAt = Number.NEGATIVE_INFINITY;
  private lastStepAt = Number.NEGATIVE_INFINITY;
  private stepped = false;

  constructor(
    private readonly threshold = WHEEL_STEP_PX,
    private readonly gapMs = WHEEL_GESTURE_GAP_MS,
    private readonly minIntervalMs = WHEEL_MIN_INTERVAL_MS,
  ) {}

  /** One wheel event (`deltaPx` down is positive, `at` in ms): 1 for the next, -1 for the previous, 0 for none. */
  push(deltaPx: number, at: number): -1 | 0 | 1 {
    if (at - this.lastEventAt > this.gapMs) {
      this.sum = 0;
      this.stepped = false;
    }
    this.lastEventAt = at;
    if (this.stepped || deltaPx === 0) return 0;
    // Turning back within a gesture starts the count again.
    if (this.sum !== 0 && Math.sign(deltaPx) !== Math.sign(this.sum)) this.sum = 0;
    this.sum += deltaPx;
    if (Math.abs(this.sum) < this.threshold || at - this.lastStepAt < this.minIntervalMs) return 0;
    this.stepped = true;
    this.lastStepAt = at;
    return this.sum > 0 ? 1 : -1;
  }
}
