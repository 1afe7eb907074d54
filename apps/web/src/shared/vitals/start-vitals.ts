import { API_BASE, LIMITS, apiPaths } from '@drama/contracts';
import type { Metric } from 'web-vitals';
import { createVitalsBatch, shouldSample, toReport } from './vitals-batch';

/**
 * Web vitals of a sampled 10% of page loads (spec section 7), sent when the page is hidden,
 * the last moment a browser reliably lets a page report. `VITE_VITALS=off` at build time turns
 * it off entirely.
 */
export function startVitals(): void {
  if (import.meta.env.VITE_VITALS === 'off') return;
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if (!shouldSample(LIMITS.performanceSampleRate)) return;

  const url = `${API_BASE}${apiPaths.vitals()}`;
  // text/plain keeps the beacon a "simple" request: no preflight, which a closing page could not wait for.
  const batch = createVitalsBatch((body) =>
    navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'text/plain' })),
  );
  const collect = (metric: Metric) => batch.add(toReport(metric, window.location.pathname));

  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });
  // Loaded only on sampled page loads, so nine in ten never download it.
  void import('web-vitals')
    .then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
      onLCP(collect);
      onCLS(collect);
      onINP(collect);
      onFCP(collect);
      onTTFB(collect);
    })
    .catch((error: unknown) => console.warn('[vitals] could not load', error));
}
