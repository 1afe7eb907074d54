import {
  ERROR_CODES,
  ERROR_STATUS,
  LIMITS,
  type ErrorCode,
  type Locale,
} from '@drama/contracts';
import type { z } from 'zod';

/**
 * The one fetch wrapper of the app (spec section 7). It knows HTTP, the response envelope,
 * retries, the timeout and the GET cache. It never shows a toast and never navigates: what
 * a 401 means to the app is handed to it at creation (`onUnauthorized`).
 */

/** Failures that happen before the server could answer with an envelope. */
export const CLIENT_ERROR_CODES = ['NETWORK_ERROR', 'TIMEOUT', 'INVALID_RESPONSE'] as const;
export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];
export type ApiErrorCode = ErrorCode | ClientErrorCode;

export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (network failure, timeout). */
  readonly status: number;
  readonly code: ApiErrorCode;
  readonly details: unknown;

  constructor(init: { status: number; code: ApiErrorCode; message: string; details?: unknown }) {
    super(init.message);
    this.status = init.status;
    this.code = init.code;
    this.details = init.details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type QueryValue = string | number | boolean | null | undefined;
/** Any `ok(...)` schema from contracts: `{ success: true, data }`. */
type ZodEnvelope = z.ZodType<{ success: true; data: unknown }>;

/** An answer typed by a contracts schema that is not shipped: see `unchecked`. */
export interface Unchecked<S extends ZodEnvelope> {
  readonly unchecked: true;
  /** Never set: carries the schema's type only. */
  readonly schemaType?: S;
}

/**
 * Types an answer by its contracts schema without importing the schema, so only the envelope is
 * checked. For the calls of the pages a visitor lands on from outside or from the tab bar (home,
 * explore, the player, the categories): the schemas would bring zod, a sixth of the first page's
 * JavaScript budget and about 100 ms of a slow phone's main thread, into their first load. The
 * server's handlers are type-checked against the same schemas and the API tests parse every
 * answer with them; every other call parses.
 * Use with a type-only import: `unchecked<typeof dramaFeaturedResponseSchema>()`.
 */
export function unchecked<S extends ZodEnvelope>(): Unchecked<S> {
  return { unchecked: true };
}

type EnvelopeSchema = ZodEnvelope | Unchecked<ZodEnvelope>;
type DataOf<S extends EnvelopeSchema> =
  S extends Unchecked<infer Z> ? z.output<Z>['data'] : S extends ZodEnvelope ? z.output<S>['data'] : never;

function isUnchecked(schema: EnvelopeSchema): schema is Unchecked<ZodEnvelope> {
  return 'unchecked' in schema && schema.unchecked === true;
}

function isOkEnvelope(json: unknown): json is { success: true; data: unknown } {
  return typeof json === 'object' && json !== null && 'success' in json && json.success === true && 'data' in json;
}

export interface RequestOptions<S extends EnvelopeSchema> {
  schema: S;
  method?: Method;
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Overrides the current locale for Accept-Language (query keys carry it, so must the call). */
  locale?: Locale;
  /** Opt-in response cache for GET (5 min, 100 entries, LRU). */
  cache?: boolean;
  /**
   * Retries after network failures, timeouts, 5xx and 429. On by default for idempotent
   * methods only: a retried POST after a lost response could, say, create two orders.
   */
  retry?: boolean;
  /** Sign-in style calls: adds the client's `ip` to the body (spec section 7). */
  withIp?: boolean;
}

export interface UnauthorizedEvent {
  /** Path relative to the API base, without the query string, e.g. `/client/favorites`. */
  path: string;
  method: Method;
  error: ApiError;
}

export interface ApiClientOptions {
  baseUrl: string;
  getToken: () => string | null;
  getLocale: () => Locale;
  onUnauthorized?: (event: UnauthorizedEvent) => void;
  /** The address a sign-in reports; unknown in a browser unless something supplies it. */
  getClientIp?: () => string | null;
  fetch?: typeof fetch;
  /**
   * A request for this address, locale and sign-in state that left before the client existed
   * (index.html's early script), for `preload` to use instead of sending its own.
   */
  takeEarlyResponse?: (url: string, locale: Locale, signedIn: boolean) => Promise<Response> | undefined;
  timeoutMs?: number;
  retries?: number;
  retryDelayMs?: number;
  cacheTtlMs?: number;
  cacheMaxEntries?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/** Adds the `ip` field a login body carries; left out when the address is unknown. */
export function withLoginIp<T extends object>(body: T, ip: string | null | undefined): T & { ip?: string } {
  return ip ? { ...body, ip } : body;
}

const KNOWN_CODES = new Set<string>(ERROR_CODES);

function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && KNOWN_CODES.has(value);
}

// Codes that describe a status and nothing more; specific ones (MESSAGE_SEND_FAILED is a 502
// too) must not be guessed from a status alone.
const GENERIC_CODES: readonly ErrorCode[] = [
  'BAD_REQUEST',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
];

/** For answers without a usable envelope (a proxy's HTML 502, a code this build does not know). */
function codeFromStatus(status: number): ErrorCode {
  const exact = GENERIC_CODES.find((code) => ERROR_STATUS[code] === status);
  if (exact) return exact;
  return status >= 500 ? 'INTERNAL_ERROR' : 'BAD_REQUEST';
}

function isRetryable(error: ApiError): boolean {
  if (error.code === 'INVALID_RESPONSE') return false;
  if (error.status === 0) return true;
  if (error.status === 429) {
    // A long lock ("wait 15 minutes") is not worth a retry; a short burst limit is.
    const retryAfter = readRetryAfter(error.details);
    return retryAfter === null || retryAfter <= 2;
  }
  return error.status >= 500;
}

function readRetryAfter(details: unknown): number | null {
  if (typeof details === 'object' && details !== null && 'retryAfter' in details) {
    const value = (details as { retryAfter: unknown }).retryAfter;
    return typeof value === 'number' ? value : null;
  }
  return null;
}

/** An answer not read within this long is stale: the reader asks again. */
const PRELOAD_TTL_MS = 10_000;

/** Waits for a fetch started without the caller's signal, giving up when the signal fires. */
function untilAborted(response: Promise<Response>, signal: AbortSignal): Promise<Response> {
  if (signal.aborted) return Promise.reject(new DOMException('Aborted', 'AbortError'));
  return new Promise<Response>((resolve, reject) => {
    const abort = () => reject(new DOMException('Aborted', 'AbortError'));
    signal.addEventListener('abort', abort, { once: true });
    response.then(resolve, reject).finally(() => signal.removeEventListener('abort', abort));
  });
}

function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}

function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

interface CacheEntry {
  expiresAt: number;
  data: unknown;
}

/** A Map keeps insertion order, so re-inserting on read makes the first key the least recent. */
class LruCache {
  private readonly entries = new Map<string, CacheEntry>();
  constructor(
    private readonly maxEntries: number,
    private readonly now: () => number,
  ) {}

  get(key: string): { data: unknown } | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.expiresAt <= this.now()) return undefined;
    this.entries.set(key, entry);
    return { data: entry.data };
  }

  set(key: string, data: unknown, ttlMs: number): void {
    this.entries.delete(key);
    this.entries.set(key, { data, expiresAt: this.now() + ttlMs });
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next();
      if (oldest.done) break;
      this.entries.delete(oldest.value);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}

export function createApiClient(options: ApiClientOptions) {
  const doFetch = options.fetch ?? ((input: RequestInfo | URL, init?: RequestInit) => fetch(input, init));
  const timeoutMs = options.timeoutMs ?? LIMITS.apiTimeoutMs;
  const retries = options.retries ?? LIMITS.apiRetries;
  const retryDelayMs = options.retryDelayMs ?? LIMITS.apiRetryDelayMs;
  const cacheTtlMs = options.cacheTtlMs ?? LIMITS.responseCacheTtlMs;
  const now = options.now ?? Date.now;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const cache = new LruCache(options.cacheMaxEntries ?? LIMITS.responseCacheMaxEntries, now);

  // Answers asked for ahead of the code that reads them (`preload`), each taken once.
  const preloads = new Map<string, { at: number; response: Promise<Response> }>();

  function takePreload(key: string): Promise<Response> | undefined {
    const entry = preloads.get(key);
    if (!entry) return undefined;
    preloads.delete(key);
    return now() - entry.at <= PRELOAD_TTL_MS ? entry.response : undefined;
  }

  function headersFor(locale: Locale, token: string | null): Headers {
    const headers = new Headers({ Accept: 'application/json', 'Accept-Language': locale });
    if (token) headers.set('Authorization', `Bearer ${token}`);
    return headers;
  }

  async function attempt<S extends EnvelopeSchema>(
    method: Method,
    url: string,
    init: {
      headers: Headers;
      body: string | undefined;
      schema: S;
      signal: AbortSignal | undefined;
      /** The same request already on its way (`preload`): its answer is read instead of a new one. */
      early?: Promise<Response>;
    },
  ): Promise<DataOf<S>> {
    // One controller for both the timeout and the caller's cancel (AbortSignal.any is too new
    // for the iOS versions this app still serves).
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    const cancel = () => controller.abort();
    init.signal?.addEventListener('abort', cancel, { once: true });
    if (init.signal?.aborted) controller.abort();
    let response: Response;
    try {
      response = init.early
        ? await untilAborted(init.early, controller.signal)
        : await doFetch(url, { method, headers: init.headers, body: init.body, signal: controller.signal });
    } catch (error) {
      if (timedOut) {
        throw new ApiError({ status: 0, code: 'TIMEOUT', message: `Request timed out after ${timeoutMs} ms` });
      }
      // The caller cancelled (a query unmounted): not a failure to report or retry.
      if (isAbortError(error) || init.signal?.aborted) throw error;
      throw new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'Network request failed', details: error });
    } finally {
      clearTimeout(timer);
      init.signal?.removeEventListener('abort', cancel);
    }

    const text = await response.text().catch(() => '');
    let json: unknown = undefined;
    if (text) {
      try {
        json = JSON.parse(text);
      } catch {
        json = undefined;
      }
    }

    if (!response.ok || (typeof json === 'object' && json !== null && 'success' in json && json.success === false)) {
      const body = (typeof json === 'object' && json !== null ? json : {}) as Record<string, unknown>;
      const status = response.ok ? 400 : response.status;
      throw new ApiError({
        status,
        code: isErrorCode(body.code) ? body.code : codeFromStatus(status),
        message: typeof body.message === 'string' ? body.message : response.statusText || `HTTP ${status}`,
        details: body.details,
      });
    }

    const invalid = (details?: unknown) =>
      new ApiError({
        status: response.status,
        code: 'INVALID_RESPONSE',
        message: `Unexpected response shape from ${method} ${url}`,
        details,
      });
    if (isUnchecked(init.schema)) {
      if (!isOkEnvelope(json)) throw invalid();
      return json.data as DataOf<S>;
    }
    const parsed = init.schema.safeParse(json);
    if (!parsed.success) throw invalid(parsed.error.issues);
    return parsed.data.data as DataOf<S>;
  }

  async function request<S extends EnvelopeSchema>(path: string, request: RequestOptions<S>): Promise<DataOf<S>> {
    const method = request.method ?? 'GET';
    const locale = request.locale ?? options.getLocale();
    const token = options.getToken();
    const url = `${options.baseUrl}${path}${buildQuery(request.query)}`;
    const cacheKey = `${url}|${locale}|${token ? 'auth' : 'anon'}`;
    const useCache = method === 'GET' && request.cache === true;

    if (useCache) {
      const hit = cache.get(cacheKey);
      if (hit) return hit.data as DataOf<S>;
    }

    const headers = headersFor(locale, token);
    let body: string | undefined;
    if (request.body !== undefined || request.withIp) {
      const payload = request.withIp
        ? withLoginIp((request.body ?? {}) as object, options.getClientIp?.())
        : request.body;
      body = JSON.stringify(payload);
      headers.set('Content-Type', 'application/json');
    }

    const idempotent = method !== 'POST' && method !== 'PATCH';
    const maxRetries = (request.retry ?? idempotent) ? retries : 0;

    let early = method === 'GET' ? takePreload(cacheKey) : undefined;
    for (let attemptNo = 0; ; attemptNo += 1) {
      try {
        const data = await attempt(method, url, { headers, body, schema: request.schema, signal: request.signal, early });
        if (useCache) cache.set(cacheKey, data, cacheTtlMs);
        return data;
      } catch (error) {
        early = undefined;
        if (!isApiError(error)) throw error;
        if (error.status === 401) {
          options.onUnauthorized?.({ path, method, error });
          throw error;
        }
        if (attemptNo >= maxRetries || !isRetryable(error) || request.signal?.aborted) throw error;
        await sleep(retryDelayMs * 2 ** attemptNo);
      }
    }
  }

  /**
   * Sends a GET now whose answer the next `get` of the same address, locale and sign-in state
   * reads, parsed with its own schema then. A route starts its first calls this way while its
   * code (and the schemas in it) is still downloading.
   */
  function preload(path: string, init: { query?: Record<string, QueryValue>; locale?: Locale } = {}): void {
    const locale = init.locale ?? options.getLocale();
    const token = options.getToken();
    const url = `${options.baseUrl}${path}${buildQuery(init.query)}`;
    const key = `${url}|${locale}|${token ? 'auth' : 'anon'}`;
    // Already on its way, or answered and cached (the reader will not ask the network).
    if (preloads.has(key) || cache.get(key)) return;
    const response =
      options.takeEarlyResponse?.(url, locale, token !== null) ??
      doFetch(url, { method: 'GET', headers: headersFor(locale, token) });
    // Read or not, a failed preload must not surface as an unhandled rejection.
    response.catch(() => undefined);
    preloads.set(key, { at: now(), response });
  }

  return {
    request,
    preload,
    get: <S extends EnvelopeSchema>(path: string, init: Omit<RequestOptions<S>, 'method' | 'body'>) =>
      request(path, { ...init, method: 'GET' }),
    post: <S extends EnvelopeSchema>(path: string, init: Omit<RequestOptions<S>, 'method'>) =>
      request(path, { ...init, method: 'POST' }),
    put: <S extends EnvelopeSchema>(path: string, init: Omit<RequestOptions<S>, 'method'>) =>
      request(path, { ...init, method: 'PUT' }),
    patch: <S extends EnvelopeSchema>(path: string, init: Omit<RequestOptions<S>, 'method'>) =>
      request(path, { ...init, method: 'PATCH' }),
    delete: <S extends EnvelopeSchema>(path: string, init: Omit<RequestOptions<S>, 'method' | 'body'>) =>
      request(path, { ...init, method: 'DELETE' }),
    /** Drop cached GETs, e.g. after signing in or out, when what a user may see changes. */
    clearCache: () => {
      cache.clear();
      preloads.clear();
    },
    cacheSize: () => cache.size,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
