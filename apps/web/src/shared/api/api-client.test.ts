import { dramaFeaturedResponseSchema, ok } from '@drama/contracts';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError, createApiClient, unchecked, withLoginIp, type ApiClientOptions } from './api-client';

const okSchema = ok(z.object({ value: z.number() }));

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function setup(responses: (Response | Error)[], overrides: Partial<ApiClientOptions> = {}) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const delays: number[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init });
    const next = responses.shift();
    if (!next) throw new Error('no more responses');
    if (next instanceof Error) throw next;
    return next;
  });
  const client = createApiClient({
    baseUrl: '/api/v1',
    getToken: () => null,
    getLocale: () => 'en-US',
    fetch: fetchMock,
    sleep: async (ms) => {
      delays.push(ms);
    },
    ...overrides,
  });
  return { client, calls, delays };
}

describe('api client (spec section 7)', () => {
  it('unwraps the envelope and sends JSON, locale and bearer headers', async () => {
    const { client, calls } = setup([json(200, { success: true, data: { value: 7 } })], {
      getToken: () => 'tok',
      getLocale: () => 'zh-Hant',
    });
    await expect(client.get('/thing', { schema: okSchema, query: { page: 2, skip: undefined } })).resolves.toEqual({
      value: 7,
    });
    const headers = new Headers(calls[0]?.init?.headers);
    expect(calls[0]?.url).toBe('/api/v1/thing?page=2');
    expect(headers.get('Authorization')).toBe('Bearer tok');
    expect(headers.get('Accept-Language')).toBe('zh-Hant');
  });

  it('turns an error envelope into a typed ApiError', async () => {
    const { client } = setup([
      json(404, { success: false, code: 'DRAMA_NOT_FOUND', message: 'No drama 9', details: { id: 9 } }),
    ]);
    const error = await client.get('/client/dramas/9', { schema: okSchema }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'DRAMA_NOT_FOUND', message: 'No drama 9', details: { id: 9 } });
  });

  it('retries failures twice with a doubling delay', async () => {
    const { client, calls, delays } = setup([
      new TypeError('offline'),
      json(503, { success: false, code: 'SERVICE_UNAVAILABLE', message: 'busy' }),
      json(200, { success: true, data: { value: 1 } }),
    ]);
    await expect(client.get('/x', { schema: okSchema })).resolves.toEqual({ value: 1 });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([300, 600]);
  });

  it('gives up after two retries', async () => {
    const failure = () => json(500, { success: false, code: 'INTERNAL_ERROR', message: 'boom' });
    const { client, calls } = setup([failure(), failure(), failure(), failure()]);
    await expect(client.get('/x', { schema: okSchema })).rejects.toMatchObject({ code: 'INTERNAL_ERROR' });
    expect(calls).toHaveLength(3);
  });

  it('does not retry a 4xx, but does retry a 429', async () => {
    const notFound = setup([json(404, { success: false, code: 'NOT_FOUND', message: 'x' })]);
    await expect(notFound.client.get('/x', { schema: okSchema })).rejects.toMatchObject({ status: 404 });
    expect(notFound.calls).toHaveLength(1);

    const limited = setup([
      json(429, { success: false, code: 'RATE_LIMITED', message: 'slow', details: { retryAfter: 1 } }),
      json(200, { success: true, data: { value: 2 } }),
    ]);
    await expect(limited.client.get('/x', { schema: okSchema })).resolves.toEqual({ value: 2 });
    expect(limited.calls).toHaveLength(2);
  });

  it('hands 401s to the policy it was given, and still rejects', async () => {
    const onUnauthorized = vi.fn();
    const { client } = setup([json(401, { success: false, code: 'UNAUTHORIZED', message: 'no' })], {
      onUnauthorized,
    });
    await expect(client.get('/client/favorites', { schema: okSchema, query: { page: 1 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(onUnauthorized).toHaveBeenCalledWith(expect.objectContaining({ path: '/client/favorites', method: 'GET' }));
  });

  it('times out after the configured time', async () => {
    const { client } = setup([], {
      timeoutMs: 20,
      retries: 0,
      fetch: (_input, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        }),
    });
    await expect(client.get('/slow', { schema: okSchema })).rejects.toMatchObject({ code: 'TIMEOUT', status: 0 });
  });

  it('passes a caller cancel through without retrying it', async () => {
    const calls: number[] = [];
    const { client } = setup([], {
      fetch: (_input, init) => {
        calls.push(1);
        return new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
        });
      },
    });
    const controller = new AbortController();
    const pending = client.get('/x', { schema: okSchema, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    expect(calls).toHaveLength(1);
  });

  it('rejects answers that do not match the schema', async () => {
    const { client } = setup([json(200, { success: true, data: { items: 'nope' } })]);
    await expect(client.get('/client/dramas/featured', { schema: dramaFeaturedResponseSchema })).rejects.toMatchObject({
      code: 'INVALID_RESPONSE',
    });
  });

  it('checks only the envelope of an answer typed without its schema (the first page keeps zod out)', async () => {
    const { client } = setup([
      json(200, { success: true, data: { anything: 1 } }),
      json(200, { success: true }),
      json(200, ['not', 'an', 'envelope']),
    ]);
    const schema = unchecked<typeof okSchema>();
    await expect(client.get('/a', { schema })).resolves.toEqual({ anything: 1 });
    await expect(client.get('/a', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
    await expect(client.get('/a', { schema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('caches opted-in GETs per locale and token presence, least recently used first out', async () => {
    let locale: 'en-US' | 'zh-CN' = 'en-US';
    const { client, calls } = setup(
      [
        json(200, { success: true, data: { value: 1 } }),
        json(200, { success: true, data: { value: 2 } }),
        json(200, { success: true, data: { value: 3 } }),
        json(200, { success: true, data: { value: 4 } }),
      ],
      { getLocale: () => locale, cacheMaxEntries: 2 },
    );
    await client.get('/a', { schema: okSchema, cache: true });
    await expect(client.get('/a', { schema: okSchema, cache: true })).resolves.toEqual({ value: 1 });
    expect(calls).toHaveLength(1);
    locale = 'zh-CN';
    await expect(client.get('/a', { schema: okSchema, cache: true })).resolves.toEqual({ value: 2 });
    await client.get('/b', { schema: okSchema, cache: true });
    expect(client.cacheSize()).toBe(2);
    // Not opted in: always goes out.
    await client.get('/b', { schema: okSchema });
    expect(calls).toHaveLength(4);
  });

  it('reads a preloaded answer once, parsed by the schema of the call that takes it', async () => {
    const { client, calls } = setup([
      json(200, { success: true, data: { value: 1 } }),
      json(200, { success: true, data: { value: 2 } }),
    ]);
    client.preload('/a', { query: { limit: 5, cursor: undefined } });
    client.preload('/a', { query: { limit: 5 } });
    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe('/api/v1/a?limit=5');
    expect(new Headers(calls[0]?.init?.headers).get('Accept-Language')).toBe('en-US');
    await expect(client.get('/a', { schema: okSchema, query: { limit: 5 } })).resolves.toEqual({ value: 1 });
    expect(calls).toHaveLength(1);
    // Taken once: the next call asks again.
    await expect(client.get('/a', { schema: okSchema, query: { limit: 5 } })).resolves.toEqual({ value: 2 });
    expect(calls).toHaveLength(2);
  });

  it('checks a preloaded answer against the schema like any other', async () => {
    const { client } = setup([json(200, { success: true, data: { value: 'one' } })]);
    client.preload('/a');
    await expect(client.get('/a', { schema: okSchema })).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('does not hand a preload to another locale, sign-in state, address or method', async () => {
    let token: string | null = null;
    const { client, calls } = setup(
      [
        json(200, { success: true, data: { value: 1 } }),
        json(200, { success: true, data: { value: 2 } }),
        json(200, { success: true, data: { value: 3 } }),
      ],
      { getToken: () => token },
    );
    client.preload('/a', { locale: 'zh-CN' });
    token = 'member';
    await expect(client.get('/a', { schema: okSchema, locale: 'zh-CN' })).resolves.toEqual({ value: 2 });
    await expect(client.post('/a', { schema: okSchema })).resolves.toEqual({ value: 3 });
    expect(calls).toHaveLength(3);
    expect(new Headers(calls[1]?.init?.headers).get('Authorization')).toBe('Bearer member');
  });

  it('asks again when a preload failed or is older than 10 s', async () => {
    let time = 0;
    const { client, calls } = setup(
      [
        new TypeError('offline'),
        json(200, { success: true, data: { value: 2 } }),
        json(200, { success: true, data: { value: 3 } }),
        json(200, { success: true, data: { value: 4 } }),
      ],
      { now: () => time },
    );
    client.preload('/a');
    // The failed preload counts as the first attempt, retried as a network failure.
    await expect(client.get('/a', { schema: okSchema })).resolves.toEqual({ value: 2 });
    client.preload('/b');
    time = 10_001;
    await expect(client.get('/b', { schema: okSchema })).resolves.toEqual({ value: 4 });
    expect(calls.map((call) => call.url)).toEqual(['/api/v1/a', '/api/v1/a', '/api/v1/b', '/api/v1/b']);
  });

  it('lets a caller cancel while it waits on a preload', async () => {
    const { client } = setup([], { fetch: () => new Promise<Response>(() => undefined) });
    client.preload('/a');
    const controller = new AbortController();
    const pending = client.get('/a', { schema: okSchema, signal: controller.signal });
    controller.abort();
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
  });

  it("takes over the early script's request instead of sending its own preload", async () => {
    const asked: [string, string, boolean][] = [];
    const early = Promise.resolve(json(200, { success: true, data: { value: 7 } }));
    const { client, calls } = setup([json(200, { success: true, data: { value: 8 } })], {
      takeEarlyResponse: (url, locale, signedIn) => {
        asked.push([url, locale, signedIn]);
        return asked.length === 1 ? early : undefined;
      },
    });
    client.preload('/client/dramas/1');
    expect(asked).toEqual([['/api/v1/client/dramas/1', 'en-US', false]]);
    await expect(client.get('/client/dramas/1', { schema: okSchema })).resolves.toEqual({ value: 7 });
    expect(calls).toHaveLength(0);
    // Nothing left over: the next preload sends its own request.
    client.preload('/client/dramas/1');
    await expect(client.get('/client/dramas/1', { schema: okSchema })).resolves.toEqual({ value: 8 });
    expect(calls).toHaveLength(1);
  });

  it('does not preload what the cache already answers', async () => {
    const { client, calls } = setup([json(200, { success: true, data: { value: 1 } })]);
    await client.get('/a', { schema: okSchema, cache: true });
    client.preload('/a');
    expect(calls).toHaveLength(1);
  });

  it('forgets preloads with the cache, as on sign-in or sign-out', async () => {
    const { client, calls } = setup([
      json(200, { success: true, data: { value: 1 } }),
      json(200, { success: true, data: { value: 2 } }),
    ]);
    client.preload('/a');
    client.clearCache();
    await expect(client.get('/a', { schema: okSchema })).resolves.toEqual({ value: 2 });
    expect(calls).toHaveLength(2);
  });

  it('adds the ip to login bodies only when it is known', () => {
    expect(withLoginIp({ account: 'a' }, '10.0.0.1')).toEqual({ account: 'a', ip: '10.0.0.1' });
    expect(withLoginIp({ account: 'a' }, null)).toEqual({ account: 'a' });
  });
});
