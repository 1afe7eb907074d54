import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { chooseEncoding, compress, type ContentEncoding, MIN_COMPRESSED_BYTES } from './content-encoding.js';
import { requestLocale } from './locale.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cache this GET's serialised 200 answer per URL and locale (public, viewer-independent data
     * only). `'guests'`: only requests without an Authorization header are cached or answered from
     * the cache, for routes whose answer to a member is their own (a personalised list).
     */
    responseCache?: boolean | 'guests';
    /** Narrows responseCache to the requests this accepts. */
    responseCacheWhen?: (request: FastifyRequest) => boolean;
  }
}

interface Entry {
  /** UTF-8 bytes, not a string: sent as they are instead of encoded again for every request. */
  payload: Buffer;
  /** The payload compressed, made on the first request that accepts each encoding. */
  encoded: Partial<Record<ContentEncoding, Buffer>>;
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
 * at once. A cached answer of a kilobyte or more goes compressed to a client that accepts it, as
 * browsers do: compressed once per entry, not per request, which makes the largest hot read (a
 * drama's detail, 5 to 8 KB) a fraction of the bytes to write and to carry over a phone's network.
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
    // Callback style: every request passes both hooks, and an async hook costs a promise each.
    app.addHook('onRequest', (request, reply, done) => {
      const entry = request.method === 'GET' && cacheable(request) ? this.answer(key(request)) : undefined;
      if (entry === undefined) return done();
      // Answered here: the route's handler never runs (done is not called).
      reply.type('application/json; charset=utf-8').header('x-cache', 'hit');
      reply.send(this.encodeFor(request, reply, entry));
    });
    app.addHook('onSend', (request, reply, payload, done) => {
      if (
        request.method === 'GET' &&
        cacheable(request) &&
        reply.statusCode === 200 &&
        (typeof payload === 'string' || Buffer.isBuffer(payload)) &&
        reply.getHeader('x-cache') !== 'hit'
      ) {
        let encoded: Buffer;
        try {
          encoded = this.encodeFor(request, reply, this.store(key(request), typeof payload === 'string' ? Buffer.from(payload) : payload));
        } catch (error) {
          done(error as Error);
          return;
        }
        done(null, encoded);
        return;
      }
      done(null, payload);
    });
  }

  /** The entry's bytes in the encoding the request accepts, with the headers that say so. */
  private encodeFor(request: FastifyRequest, reply: FastifyReply, entry: Entry): Buffer {
    // Caches between here and the client must key on both, as this cache does.
    reply.header('vary', request.routeOptions.config.responseCache === 'guests' ? 'Accept-Encoding, Accept-Language, Authorization' : 'Accept-Encoding, Accept-Language');
    const encoding = entry.payload.length >= MIN_COMPRESSED_BYTES ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return entry.payload;
    let encoded = entry.encoded[encoding];
    if (!encoded) {
      encoded = compress(entry.payload, encoding);
      entry.encoded[encoding] = encoded;
    }
    reply.header('content-encoding', encoding);
    return encoded;
  }

  /** The cached entry, or undefined when this request should be answered (and stored) afresh. */
  answer(cacheKey: string): Entry | undefined {
    const entry = this.entries.get(cacheKey);
    if (!entry) return undefined;
    const now = this.now();
    const age = now - entry.storedAt;
    if (age < this.ttlMs) return entry;
    if (age >= this.ttlMs + this.staleMs) {
      this.entries.delete(cacheKey);
      return undefined;
    }
    // A renewal that did not come back (an error, a slow database) is tried again after a while.
    if (entry.renewingSince !== null && now - entry.renewingSince < this.staleMs / 2) return entry;
    entry.renewingSince = now;
    return undefined;
  }

  store(cacheKey: string, payload: Buffer): Entry {
    const entry: Entry = { payload, encoded: {}, storedAt: this.now(), renewingSince: null };
    this.entries.delete(cacheKey);
    this.entries.set(cacheKey, entry);
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    return entry;
  }

  clear(): void {
    this.entries.clear();
  }
}

function cacheable(request: FastifyRequest): boolean {
  const { responseCache: rule, responseCacheWhen: when } = request.routeOptions.config;
  if (when && !when(request)) return false;
  return rule === true || (rule === 'guests' && request.headers.authorization === undefined);
}

function key(request: FastifyRequest): string {
  return `${requestLocale(request)} ${request.url}`;
}
