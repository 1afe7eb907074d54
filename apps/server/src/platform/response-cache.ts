import type { FastifyInstance } from 'fastify';
import { TtlCache } from './cache.js';
import { requestLocale } from './locale.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's serialised 200 answer per URL and locale (public, viewer-independent data only). */
    responseCache?: boolean;
  }
}

/**
 * Serialised answers of the hot public reads, kept for a short time. A hit skips validation,
 * the handler and serialisation, which is most of the cost of a catalogue read.
 */
export class ResponseCache {
  private readonly entries: TtlCache<string>;

  constructor(ttlMs: number, maxEntries: number) {
    this.entries = new TtlCache<string>(ttlMs, maxEntries);
  }

  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.responseCache) return;
      const hit = this.entries.get(`${requestLocale(request)} ${request.url}`);
      if (hit !== undefined) {
        return reply.type('application/json; charset=utf-8').header('x-cache', 'hit').send(hit);
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      if (
        request.method === 'GET' &&
        request.routeOptions.config.responseCache &&
        reply.statusCode === 200 &&
        typeof payload === 'string' &&
        reply.getHeader('x-cache') !== 'hit'
      ) {
        this.entries.set(`${requestLocale(request)} ${request.url}`, payload);
      }
      return payload;
    });
  }

  clear(): void {
    this.entries.clear();
  }
}
