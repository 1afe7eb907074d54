import { LIMITS } from '@drama/contracts';
import { shouldSample } from './sampling';

/**
 * Web vitals of a sampled 10% of page loads (spec section 7), sent when the page is hidden,
 * the last moment a browser reliably lets a page report. `VITE_VITALS=off` at build time turns
 * it off entirely.
 */
export function startVitals(): void {
  if (import.meta.env.VITE_VITALS === 'off') return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if (!shouldSample(LIMITS.performanceSampleRate)) return;
  // The library and the batching load only on sampled page loads, so nine in ten never
  // download them; its observers are buffered, so what happened before it loaded still counts.
  void import('./report-vitals')
    .then(({ reportVitals }) => reportVitals())
    .catch((error: unknown) => console.warn('[vitals] could not load', error));
}
