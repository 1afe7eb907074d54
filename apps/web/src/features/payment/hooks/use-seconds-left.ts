import { useEffect, useState } from 'react';
import { secondsLeft } from '../lib/polling';

/** Seconds until `expiresAt`, ticking each second; stops ticking at zero. */
export function useSecondsLeft(expiresAt: string | null): number | null {
  const [now, setNow] = useState(() => Date.now());
  const left = expiresAt === null ? null : secondsLeft(expiresAt, now);
  const running = left !== null && left > 0;

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return left;
}
