import type { z } from 'zod';
import type { vitalSchema } from '@drama/contracts';

export type VitalReport = z.infer<typeof vitalSchema>;

/** The server takes at most this many metrics per request (vitalsBodySchema). */
export const VITALS_BATCH_MAX = 20;
const VALUE_MAX = 600_000;
const PATH_MAX = 200;

/** Fits a metric into the server's schema (a long path is cut, an absurd value clamped). */
export function toReport(metric: {
  name: VitalReport['name'];
  value: number;
  rating: VitalReport['rating'];
  id: string;
  navigationType?: string;
}, path: string): VitalReport {
  return {
    name: metric.name,
    value: Math.min(Math.max(metric.value, 0), VALUE_MAX),
    rating: metric.rating,
    id: metric.id.slice(0, 100),
    path: (path || '/').slice(0, PATH_MAX),
    ...(metric.navigationType ? { navigationType: metric.navigationType.slice(0, 40) } : {}),
  };
}

/**
 * Collects metrics until the page is hidden. A metric that reports again (CLS and INP grow
 * while the page lives) replaces its earlier value, so one load sends each metric once.
 */
export function createVitalsBatch(send: (body: { metrics: VitalReport[] }) => boolean) {
  const pending = new Map<string, VitalReport>();
  return {
    add(report: VitalReport): void {
      pending.set(`${report.name}:${report.id}`, report);
    },
    /** Sends what has been collected in bodies of at most VITALS_BATCH_MAX; keeps what failed. */
    flush(): void {
      const reports = [...pending.values()];
      for (let start = 0; start < reports.length; start += VITALS_BATCH_MAX) {
        const chunk = reports.slice(start, start + VITALS_BATCH_MAX);
        if (!send({ metrics: chunk })) return;
        for (const report of chunk) pending.delete(`${report.name}:${report.id}`);
      }
    },
    get size(): number {
      return pending.size;
    },
  };
}
