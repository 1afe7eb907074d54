import { useEffect, useRef, type RefObject } from 'react';
import { WheelStepper, wheelPixels } from './wheel-steps';

/** Whether a wheel over `target` scrolls something of its own inside `root` (a list, a long text). */
function inScroller(target: EventTarget | null, root: HTMLElement): boolean {
  for (let element = target instanceof Element ? target : null; element && element !== root; element = element.parentElement) {
    if (element.scrollHeight <= element.clientHeight + 1) continue;
    const { overflowY } = getComputedStyle(element);
    if (overflowY === 'auto' || overflowY === 'scroll') return true;
  }
  return false;
}

/**
 * The mouse wheel or trackpad over `ref` moves one step per wheel gesture (WheelStepper):
 * `onStep(1)` for the next, `onStep(-1)` for the previous. A wheel over something that scrolls by
 * itself scrolls it, and a pinch (the wheel with Ctrl) still zooms.
 */
export function useWheelSteps(ref: RefObject<HTMLElement | null>, onStep: (direction: 1 | -1) => void, enabled = true): void {
  const latest = useRef(onStep);
  useEffect(() => {
    latest.current = onStep;
  });

  useEffect(() => {
    const root = ref.current;
    if (!root || !enabled) return;
    const stepper = new WheelStepper();
    const onWheel = (event: WheelEvent) => {
      if (event.ctrlKey || Math.abs(event.deltaX) > Math.abs(event.deltaY) || inScroller(event.target, root)) return;
      event.preventDefault();
      const step = stepper.push(wheelPixels(event.deltaY, event.deltaMode, window.innerHeight), event.timeStamp);
      if (step !== 0) latest.current(step);
    };
    root.addEventListener('wheel', onWheel, { passive: false });
    return () => root.removeEventListener('wheel', onWheel);
  }, [ref, enabled]);
}
