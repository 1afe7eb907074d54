import type { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisRateLimiter } from '../../src/platform/rate-limit-redis.js';
import { closeRedis, createRedis } from '../../src/platform/redis.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';

const REDIS_PORT = 4131;
let server: RedisServer;
/** Two connections, as two instances of the app would have. */
let first: Redis;
let second: Redis;

beforeAll(async () => {
  server = await startRedisServer(REDIS_PORT);
  first = createRedis(server.url, 1_000);
  second = createRedis(server.url, 1_000);
  await Promise.all([first.connect(), second.connect()]);
}, 30_000);

afterAll(async () => {
  closeRedis(first);
  closeRedis(second);
  await server.stop();
});

describe('RedisRateLimiter', () => {
  it('allows the limit in a window, then refuses with the seconds left, until the window ends', async () => {
    const limiter = new RedisRateLimiter(first, 'window', 3, 1_900);
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 2, retryAfter: 2 });
    for (const remaining of [1, 0]) expect(await limiter.hit('a')).toMatchObject({ allowed: true, remaining });
    const refused = await limiter.hit('a');
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    // Whole seconds left in the window, rounded up: never 0, never more than the window.
    expect(refused.retryAfter).toBeGreaterThanOrEqual(1);
    expect(refused.retryAfter).toBeLessThanOrEqual(2);
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 2, retryAfter: 2 });
  });

  it('reads a count without counting, closes a window, and opens one as long as a hit asks', async () => {
    const limiter = new RedisRateLimiter(first, 'peek', 0, 60_000);
    const other = new RedisRateLimiter(second, 'peek', 0, 60_000);
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
    expect(await limiter.hit('a', 900_000)).toMatchObject({ allowed: false });
    const seen = await other.peek('a');
    expect(seen.count).toBe(1);
    expect(seen.retryAfter).toBeGreaterThan(14 * 60);
    expect(await other.peek('a')).toEqual(seen);
    await other.reset('a');
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
  });

  it('shares one count between connections, keeps keys and limits apart', async () => {
    const here = new RedisRateLimiter(first, 'shared', 2, 60_000);
    const there = new RedisRateLimiter(second, 'shared', 2, 60_000);
    const otherLimit = new RedisRateLimiter(second, 'other', 2, 60_000);
    expect((await here.hit('k')).allowed).toBe(true);
    expect((await there.hit('k')).allowed).toBe(true);
    expect(await there.hit('k')).toMatchObject({ allowed: false, retryAfter: 60 });
    expect((await here.hit('k')).allowed).toBe(false);
    expect((await here.hit('another key')).allowed).toBe(true);
    expect((await otherLimit.hit('k')).allowed).toBe(true);
  });

  it('never leaves a counter without an expiry', async () => {
    const limiter = new RedisRateLimiter(first, 'expiry', 5, 60_000);
    // A key left without one (as by an older writer) gets the window on its next hit.
    await first.set('rl:expiry:k', '7');
    expect(await limiter.hit('k')).toMatchObject({ allowed: false, retryAfter: 60 });
    expect(await first.pttl('rl:expiry:k')).toBeGreaterThan(59_000);
  });
});
