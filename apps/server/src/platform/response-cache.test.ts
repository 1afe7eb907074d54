import Fastify, { type FastifyInstance } from 'fastify';
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
});
