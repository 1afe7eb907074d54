import type { VitalsBody } from '@drama/contracts';
import type { WebVitalsTable } from '../../db/schema.js';
import type { AppContext } from '../../platform/context.js';
import { insertVitals } from './queries.js';

type Device = WebVitalsTable['device'];

/** A coarse class of a user agent: enough to split the numbers, never enough to identify anyone. */
export function deviceClass(userAgent: string | undefined): Device {
  if (!userAgent) return 'unknown';
  if (/bot|crawl|spider|slurp|lighthouse|headless/i.test(userAgent)) return 'bot';
  if (/ipad|tablet|kindle|silk|playbook/i.test(userAgent) || (/android/i.test(userAgent) && !/mobile/i.test(userAgent))) {
    return 'tablet';
  }
  if (/mobi|iphone|ipod|android|harmonyos|windows phone/i.test(userAgent)) return 'mobile';
  return 'desktop';
}

/** The web-vitals reports the client samples (10% of page loads), kept for the product's budgets. */
export class VitalsService {
  constructor(private readonly ctx: AppContext) {}

  /** Stores the metrics in one statement; with VITALS_ENABLED=false drops them and says 0. */
  async record(body: VitalsBody, userAgent: string | undefined): Promise<{ accepted: number }> {
    if (!this.ctx.config.VITALS_ENABLED) return { accepted: 0 };
    const device = deviceClass(userAgent);
    await insertVitals(
      this.ctx.db,
      body.metrics.map((metric) => ({
        name: metric.name,
        value: metric.value,
        rating: metric.rating,
        // Only the path: a query string may carry what is none of our business.
        path: metric.path.split(/[?#]/)[0] || '/',
        navigation_type: metric.navigationType ?? null,
        device,
      })),
    );
    return { accepted: body.metrics.length };
  }
}
