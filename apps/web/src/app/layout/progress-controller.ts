import { LIMITS } from '@drama/contracts';

export interface ProgressController {
  start(): void;
  done(): void;
  dispose(): void;
}

/** NProgress-style: jumps to the minimum, creeps towards the end, never reaching it by itself. */
export function nextProgress(value: number): number {
  const step = value < 0.2 ? 0.1 : value < 0.5 ? 0.04 : value < 0.8 ? 0.02 : value < 0.99 ? 0.005 : 0;
  return Math.min(0.994, value + step);
}

/** `render(null)` hides the bar. Kept outside React so a trickle does not re-render the page. */
export function createProgressController(
  render: (value: number | null) => void,
  { minimum = LIMITS.progressBarMinimum, trickleMs = LIMITS.progressBarTrickleMs, hideAfterMs = 250 } = {},
): ProgressController {
  let value: number | null = null;
  let trickle: ReturnType<typeof setInterval> | null = null;
  let hide: ReturnType<typeof setTimeout> | null = null;

  const set = (next: number | null) => {
    value = next;
    render(next);
  };
  const stopTrickle = () => {
    if (trickle) clearInterval(trickle);
    trickle = null;
  };

  return {
    start() {
      if (hide) clearTimeout(hide);
      hide = null;
      if (value === null || value >= 1) set(minimum);
      if (!trickle) trickle = setInterval(() => set(nextProgress(value ?? minimum)), trickleMs);
    },
    done() {
      stopTrickle();
      if (value === null) return;
      set(1);
      if (hide) clearTimeout(hide);
      hide = setTimeout(() => set(null), hideAfterMs);
    },
    dispose() {
      stopTrickle();
      if (hide) clearTimeout(hide);
    },
  };
}
