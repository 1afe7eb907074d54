import { vitalsBodySchema, vitalsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { enforceRateLimit, MemoryRateLimiter, type RateLimiter } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import type { VitalsService } from './service.js';

/** Reports per address and minute: a page load sends a handful, so this only stops floods. */
export const VITALS_PER_MINUTE = 60;
const BODY_LIMIT = 16 * 1024;

/**
 * `POST /client/vitals`, public. navigator.sendBeacon sends its body as text/plain (a JSON
 * body would need a CORS preflight a beacon cannot make), so this route, and only this one,
 * reads text/plain as JSON.
 */
export function vitalsRoutes(
  vitals: VitalsService,
  limiter: RateLimiter = new MemoryRateLimiter(VITALS_PER_MINUTE, 60_000),
): FastifyPluginAsyncZod {
  return async (app) => {
    app.removeContentTypeParser('text/plain');
    app.addContentTypeParser(
      'text/plain',
      { parseAs: 'string', bodyLimit: BODY_LIMIT },
      app.getDefaultJsonParser('error', 'ignore'),
    );

    const route = routeGroup(app, { tags: ['vitals'], errors: [400, 413, 415, 429] });

    route({
      method: 'POST',
      url: '/client/vitals',
      access: 'public',
      bodyLimit: BODY_LIMIT,
      summary: 'Report sampled web vitals (JSON, or JSON sent as text/plain by sendBeacon)',
      consumes: ['application/json', 'text/plain'],
      body: vitalsBodySchema,
      response: vitalsResponseSchema,
      handler: async (request, reply) => {
        await enforceRateLimit(limiter, `vitals:${request.ip}`, reply);
        return vitals.record(request.body, request.headers['user-agent']);
      },
    });
  };
}
