import { describe, expect, it } from 'vitest';
import { MemoryRateLimiter } from './rate-limit.js';

describe('MemoryRateLimiter', () => {
  it('allows the limit in a window, then refuses until the window ends', async () => {
    let now = 1_000_000;
    const limiter = new MemoryRateLimiter(3, 60_000, 100, () => now);
    for (const remaining of [2, 1, 0]) {
      expect(await limiter.hit('a')).toEqual({ allowed: true, remaining, retryAfter: 60 });
    }
    now += 45_500;
    expect(await limiter.hit('a')).toEqual({ allowed: false, remaining: 0, retryAfter: 15 });
    expect((await limiter.hit('b')).allowed).toBe(true);
    now += 14_500;
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 2, retryAfter: 60 });
  });

  it('keeps at most maxKeys windows, dropping finished ones first, then the oldest', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(1, 1_000, 2, () => now);
    await limiter.hit('a');
    now = 600;
    await limiter.hit('b');
    now = 1_200;
    // 'a' has finished: it goes, 'b' stays and is still spent.
    await limiter.hit('c');
    expect((await limiter.hit('b')).allowed).toBe(false);
    // Both live: the oldest ('b') is dropped to make room, so it starts afresh.
    await limiter.hit('d');
    expect((await limiter.hit('c')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
  });

  it('reads a window without counting, closes it, and opens one as long as a hit asks', async () => {
    let now = 0;
    const limiter = new MemoryRateLimiter(0, 1_000, 100, () => now);
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
    expect(await limiter.hit('a', 30_000)).toEqual({ allowed: false, remaining: 0, retryAfter: 30 });
    now = 20_000;
    expect(await limiter.peek('a')).toEqual({ count: 1, retryAfter: 10 });
    await limiter.reset('a');
    expect(await limiter.peek('a')).toEqual({ count: 0, retryAfter: 0 });
  });
});
