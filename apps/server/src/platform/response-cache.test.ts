import Fastify, { type FastifyInstance } from 'fastify';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ResponseCache } from './response-cache.js';

let now: number;
let calls: number;
let fail: boolean;
let cache: ResponseCache;
let app: FastifyInstance;

beforeEach(async () => {
  now = 1_000_000;
  calls = 0;
  fail = false;
  cache = new ResponseCache(30_000, 100, { staleMs: 10_000, now: () => now });
  app = Fastify({ logger: false });
  cache.register(app);
  app.get('/cached', { config: { responseCache: true } }, async (_request, reply) => {
    calls += 1;
    if (fail) return reply.code(500).send({ success: false });
    return { success: true, data: { call: calls } };
  });
  app.get('/text', { config: { responseCache: true } }, async () => ({ success: true, data: { title: '闪婚后，千亿总裁 · Flash' } }));
  app.get('/plain', async () => ({ success: true, data: { call: ++calls } }));
  app.get('/large', { config: { responseCache: true } }, async () => {
    calls += 1;
    return { success: true, data: { call: calls, items: Array.from({ length: 60 }, (_, i) => ({ id: i, title: `第${i}集 · Episode ${i}` })) } };
  });
  await app.ready();
});

afterEach(async () => {
  await app.close();
});

async function get(url: string, language = 'en-US') {
  const response = await app.inject({ method: 'GET', url, headers: { 'accept-language': language } });
  return { status: response.statusCode, call: (response.json() as { data?: { call: number } }).data?.call, cache: response.headers['x-cache'] };
}

describe('the response cache', () => {
  it('answers a cached route from the first answer within its lifetime, per locale', async () => {
    expect(await get('/cached')).toEqual({ status: 200, call: 1, cache: undefined });
    now += 29_999;
    expect(await get('/cached')).toEqual({ status: 200, call: 1, cache: 'hit' });
    expect(await get('/cached', 'zh-CN')).toEqual({ status: 200, call: 2, cache: undefined });
    expect(await get('/plain')).toMatchObject({ call: 3, cache: undefined });
  });

  it('lets one request renew an expired answer while the others still get the old one', async () => {
    await get('/cached');
    now += 30_000;
    // The renewing request is answered afresh...
    expect(await get('/cached')).toEqual({ status: 200, call: 2, cache: undefined });
    // ...and from then on its answer is served.
    expect(await get('/cached')).toEqual({ status: 200, call: 2, cache: 'hit' });
  });

  it('keeps answering the old one while a renewal is under way, then tries again', async () => {
    await get('/cached');
    now += 30_000;
    // A renewal that fails leaves the old answer in place.
    fail = true;
    expect((await get('/cached')).status).toBe(500);
    fail = false;
    expect(await get('/cached')).toEqual({ status: 200, call: 1, cache: 'hit' });
    now += 5_000;
    expect(await get('/cached')).toEqual({ status: 200, call: 3, cache: undefined });
  });

  it('never answers from an entry older than its lifetime and the stale allowance', async () => {
    await get('/cached');
    now += 40_000;
    expect(await get('/cached')).toEqual({ status: 200, call: 2, cache: undefined });
  });

  it('forgets everything when cleared', async () => {
    await get('/cached');
    cache.clear();
    expect(await get('/cached')).toEqual({ status: 200, call: 2, cache: undefined });
  });

  it('answers a hit with the same bytes, headers and length as the first answer, whatever the script', async () => {
    const first = await app.inject({ method: 'GET', url: '/text' });
    const hit = await app.inject({ method: 'GET', url: '/text' });
    expect(hit.headers['x-cache']).toBe('hit');
    expect(hit.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(hit.headers['content-type']).toBe(first.headers['content-type']);
    expect(Number(hit.headers['content-length'])).toBe(first.rawPayload.length);
    expect((hit.json() as { data: { title: string } }).data.title).toBe('闪婚后，千亿总裁 · Flash');
  });

  it('sends a large answer compressed to a client that accepts it, the same data on a miss and on a hit', async () => {
    const plain = await app.inject({ method: 'GET', url: '/large' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toBe('Accept-Encoding, Accept-Language');
    cache.clear();
    const decoders = { br: brotliDecompressSync, gzip: gunzipSync };
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip;q=0.5', 'gzip'],
    ] as const) {
      for (const expected of [undefined, 'hit']) {
        if (expected === undefined) cache.clear();
        const response = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': accept } });
        expect(response.headers['x-cache'], accept).toBe(expected);
        expect(response.headers['content-encoding'], accept).toBe(encoding);
        expect(response.headers.vary).toBe('Accept-Encoding, Accept-Language');
        expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
        expect(response.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
        const data = JSON.parse(decoders[encoding](response.rawPayload).toString('utf8')) as { data: { items: unknown[] } };
        expect(data.data.items).toEqual((plain.json() as { data: { items: unknown[] } }).data.items);
      }
    }
    // Refused or unknown codings, and small answers, go as they are.
    for (const accept of ['identity', 'br;q=0, gzip;q=0', 'compress', '*;q=0']) {
      const response = await app.inject({ method: 'GET', url: '/large', headers: { 'accept-encoding': accept } });
      expect(response.headers['content-encoding'], accept).toBeUndefined();
      expect(response.json<{ data: { items: unknown[] } }>().data.items).toHaveLength(60);
    }
    const small = await app.inject({ method: 'GET', url: '/text', headers: { 'accept-encoding': 'gzip, br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
