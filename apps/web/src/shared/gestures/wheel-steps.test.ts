import { describe, expect, it } from 'vitest';
import { WHEEL_GESTURE_GAP_MS, WHEEL_MIN_INTERVAL_MS, WheelStepper, wheelPixels } from './wheel-steps';

/** Events every `every` ms with these deltas, from `start`; the steps they made. */
function run(stepper: WheelStepper, deltas: number[], start = 0, every = 16): number[] {
  return deltas.map((delta, index) => stepper.push(delta, start + index * every)).filter((step) => step !== 0);
}

/** A trackpad flick: a strong start fading out over about a second. */
const flick = (direction: 1 | -1) => Array.from({ length: 60 }, (_, index) => direction * Math.max(1, 60 - index));

describe('WheelStepper', () => {
  it('steps once a mouse notch has moved far enough, in its direction', () => {
    expect(run(new WheelStepper(), [120])).toEqual([1]);
    expect(run(new WheelStepper(), [-100])).toEqual([-1]);
  });

  it('adds small movements up until they reach a step', () => {
    const stepper = new WheelStepper();
    expect(stepper.push(20, 0)).toBe(0);
    expect(stepper.push(20, 16)).toBe(0);
    expect(stepper.push(20, 32)).toBe(1);
  });

  it('makes one step of a whole trackpad flick, its inertia included', () => {
    expect(run(new WheelStepper(), flick(1))).toEqual([1]);
  });

  it('makes one step of a mouse wheel spun through several notches', () => {
    expect(run(new WheelStepper(), [100, 100, 100, 100], 0, 60)).toEqual([1]);
  });

  it('steps again for a new gesture after a pause', () => {
    const stepper = new WheelStepper();
    const first = run(stepper, flick(1));
    const second = run(stepper, flick(1), 60 * 16 + WHEEL_GESTURE_GAP_MS + 1);
    const back = run(stepper, [-120], 2 * 60 * 16 + 2 * WHEEL_GESTURE_GAP_MS + 2);
    expect([...first, ...second, ...back]).toEqual([1, 1, -1]);
  });

  it('keeps steps apart even when the pauses are short', () => {
    const stepper = new WheelStepper();
    expect(stepper.push(120, 0)).toBe(1);
    expect(stepper.push(120, WHEEL_GESTURE_GAP_MS + 1)).toBe(0);
    expect(stepper.push(120, WHEEL_MIN_INTERVAL_MS + WHEEL_GESTURE_GAP_MS + 2)).toBe(1);
  });

  it('starts the count again when the wheel turns back within a gesture', () => {
    const stepper = new WheelStepper();
    expect(run(stepper, [30, -30, -30])).toEqual([-1]);
  });

  it('ignores events that do not move', () => {
    expect(run(new WheelStepper(), [0, 0, 0])).toEqual([]);
  });
});

describe('wheelPixels', () => {
  it('reads pixels, lines and pages', () => {
    expect(wheelPixels(53, 0, 800)).toBe(53);
    expect(wheelPixels(3, 1, 800)).toBe(48);
    expect(wheelPixels(-1, 2, 800)).toBe(-800);
  });
});
