import { API_BASE, apiPaths } from '@drama/contracts';
import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import { createVitalsBatch, toReport } from './vitals-batch';

/** Observes the page's web vitals and sends them, batched, when the page is hidden. */
export function reportVitals(): void {
  const url = `${API_BASE}${apiPaths.vitals()}`;
  // text/plain keeps the beacon a "simple" request: no preflight, which a closing page could not wait for.
  const batch = createVitalsBatch((body) =>
    navigator.sendBeacon(url, new Blob([JSON.stringify(body)], { type: 'text/plain' })),
  );
  const collect = (metric: Metric) => batch.add(toReport(metric, window.location.pathname));

  // After the library's own listeners (on window, capturing), which hand over the metrics that
  // end when the page is hidden (LCP, CLS, INP). Safari does not always fire visibilitychange
  // when a page unloads: pagehide covers it; a flush sends only what is still pending.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') batch.flush();
  });
  window.addEventListener('pagehide', () => batch.flush());
  onLCP(collect);
  onCLS(collect);
  onINP(collect);
  onFCP(collect);
  onTTFB(collect);
}
