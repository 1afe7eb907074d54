import { LIMITS } from '@drama/contracts';

/**
 * Whether a playback position should be reported (spec section 7): when its whole seconds are
 * a positive multiple of 10 and differ from the last reported value. Called on every time
 * update, so each mark is reported once however often the event fires.
 */
export function progressToReport(
  currentTime: number,
  lastReported: number | null,
  every: number = LIMITS.progressReportSeconds,
): number | null {
  if (!Number.isFinite(currentTime) || currentTime < 0) return null;
  const whole = Math.floor(currentTime);
  if (whole === 0 || whole % every !== 0 || whole === lastReported) return null;
  return whole;
}
