import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestLocale } from './locale.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Cache this GET's serialised 200 answer per URL and locale (public, viewer-independent data only). */
    responseCache?: boolean;
  }
}

interface Entry {
  /** UTF-8 bytes, not a string: sent as they are instead of encoded again for every request. */
  payload: Buffer;
  storedAt: number;
  /** When a request was let through to renew this entry; others are answered from it meanwhile. */
  renewingSince: number | null;
}

export interface ResponseCacheOptions {
  /** How long past its lifetime an entry may still answer while one request renews it. */
  staleMs?: number;
  now?: () => number;
}

/**
 * Serialised answers of the hot public reads, kept for a short time. A hit skips validation,
 * the handler and serialisation, which is most of the cost of a catalogue read. When an entry's
 * time is up, one request goes through to renew it while the others are still answered from it
 * (for at most `staleMs` more), so that expiry never sends every waiting client to the database
 * at once.
 */
export class ResponseCache {
  private readonly entries = new Map<string, Entry>();
  private readonly staleMs: number;
  private readonly now: () => number;

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    options: ResponseCacheOptions = {},
  ) {
    this.staleMs = options.staleMs ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  register(app: FastifyInstance): void {
    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET' || !request.routeOptions.config.responseCache) return;
      const payload = this.answer(key(request));
      if (payload !== undefined) {
        return reply.type('application/json; charset=utf-8').header('x-cache', 'hit').send(payload);
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
        this.store(key(request), Buffer.from(payload));
      }
      return payload;
    });
  }

  /** The cached answer, or undefined when this request should be answered (and stored) afresh. */
  answer(cacheKey: string): Buffer | undefined {
    const entry = this.entries.get(cacheKey);
    if (!entry) return undefined;
    const now = this.now();
    const age = now - entry.storedAt;
    if (age < this.ttlMs) return entry.payload;
    if (age >= this.ttlMs + this.staleMs) {
      this.entries.delete(cacheKey);
      return undefined;
    }
    // A renewal that did not come back (an error, a slow database) is tried again after a while.
    if (entry.renewingSince !== null && now - entry.renewingSince < this.staleMs / 2) return entry.payload;
    entry.renewingSince = now;
    return undefined;
  }

  store(cacheKey: string, payload: Buffer): void {
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, { payload, storedAt: this.now(), renewingSince: null });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
  }
}

function key(request: FastifyRequest): string {
  return `${requestLocale(request)} ${request.url}`;
}
