/** Seconds → "mm:ss" (or "h:mm:ss" past an hour); bad input shows as 00:00. */
export function formatTime(seconds: number): string {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const mm = String(m).padStart(2, '0');
  const ss = String(s).padStart(2, '0');
  return h > 0 ? `${h}:${mm}:${ss}` : `${mm}:${ss}`;
}

export function clamp(value: number, min: number, max: number): number {
  if (Number.isNaN(value)) return min;
  return Math.min(max, Math.max(min, value));
}

/** Volume is clamped to 0-1 (spec section 5). */
export function clampVolume(volume: number): number {
  return clamp(volume, 0, 1);
}

/** A playback rate as the bar and the menu both show it: "1.0", "0.75", "1.5", "2.0". */
export function formatRate(rate: number): string {
  return Number.isInteger(rate) ? rate.toFixed(1) : String(rate);
}
