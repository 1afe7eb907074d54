/*
 * How often a pending order is asked about. Most payments finish within seconds of the scan,
 * so the first checks come quickly; after that the pace settles so that an order left open for
 * its whole lifetime does not hammer the server (each check also queries the payment channel).
 */
export const FIRST_POLL_MS = 2_000;
export const MAX_POLL_MS = 10_000;

/** Delay before the next check, given how many answers have arrived: 2 s, 4 s, 8 s, then 10 s. */
export function pollDelay(answers: number): number {
  const step = Math.max(0, answers - 1);
  return Math.min(FIRST_POLL_MS * 2 ** Math.min(step, 10), MAX_POLL_MS);
}

/** Whole seconds left until `expiresAt` (never negative; unreadable dates count as expired). */
export function secondsLeft(expiresAt: string, now: number): number {
  const end = new Date(expiresAt).getTime();
  if (!Number.isFinite(end)) return 0;
  return Math.max(0, Math.ceil((end - now) / 1000));
}

/** 754 → "12:34"; a countdown of the payment window, which is under an hour. */
export function formatCountdown(seconds: number): string {
  const total = Math.max(0, Math.floor(seconds));
  const minutes = Math.floor(total / 60);
  return `${String(minutes).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}
