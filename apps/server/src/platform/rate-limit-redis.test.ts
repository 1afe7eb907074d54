import { describe, expect, it, vi } from 'vitest';
import { MemoryRateLimiter, type RateLimitDecision, type RateLimiter, type RateLimitState } from './rate-limit.js';
import { FallbackRateLimiter } from './rate-limit-redis.js';
import { RedisHealth } from './redis.js';

/** A stand-in for the Redis limiter: answers, fails or hangs as the test says. */
class ScriptedLimiter implements RateLimiter {
  mode: 'answer' | 'fail' | 'hang' = 'answer';
  calls = 0;

  hit(): Promise<RateLimitDecision> {
    return this.answer({ allowed: true, remaining: 99, retryAfter: 60 });
  }

  peek(): Promise<RateLimitState> {
    return this.answer({ count: 1, retryAfter: 60 });
  }

  reset(): Promise<void> {
    return this.answer(undefined);
  }

  refund(): Promise<void> {
    return this.answer(undefined);
  }

  private answer<T>(value: T): Promise<T> {
    this.calls += 1;
    if (this.mode === 'fail') return Promise.reject(new Error('Connection is closed.'));
    if (this.mode === 'hang') return new Promise(() => {});
    return Promise.resolve(value);
  }
}

function setup(timeoutMs = 200) {
  let now = 1_000_000;
  const log = { warn: vi.fn(), info: vi.fn() };
  const health = new RedisHealth(log, 1_000, () => now);
  const primary = new ScriptedLimiter();
  const make = () => new FallbackRateLimiter(primary, new MemoryRateLimiter(2, 60_000, 100, () => now), health, timeoutMs);
  return { log, health, primary, make, advance: (ms: number) => (now += ms) };
}

describe('FallbackRateLimiter', () => {
  it('answers from the shared limiter while it answers, logging nothing', async () => {
    const { log, primary, make } = setup();
    const limiter = make();
    for (let i = 0; i < 5; i += 1) expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 99, retryAfter: 60 });
    expect(primary.calls).toBe(5);
    expect(log.warn).not.toHaveBeenCalled();
  });

  it('falls back to its in-process limit when the shared one fails, warning once for all limiters', async () => {
    const { log, health, primary, make } = setup();
    const orders = make();
    const likes = make();
    primary.mode = 'fail';
    // The in-process limit (2) still holds: no request passes unlimited, none fails.
    expect((await orders.hit('a')).allowed).toBe(true);
    expect((await orders.hit('a')).allowed).toBe(true);
    expect(await orders.hit('a')).toMatchObject({ allowed: false, remaining: 0 });
    expect((await likes.hit('a')).allowed).toBe(true);
    expect(health.isDown).toBe(true);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[1]).toMatch(/Redis is unreachable/);
  });

  it('while down, asks the shared limiter again only once the retry interval has passed', async () => {
    const { primary, make, advance } = setup();
    const limiter = make();
    primary.mode = 'fail';
    await limiter.hit('a');
    expect(primary.calls).toBe(1);
    await limiter.hit('b');
    await limiter.hit('c');
    expect(primary.calls).toBe(1);
    advance(1_000);
    await limiter.hit('d');
    expect(primary.calls).toBe(2);
  });

  it('goes back to the shared limiter once it answers, logging that once', async () => {
    const { log, health, primary, make, advance } = setup();
    const limiter = make();
    primary.mode = 'fail';
    await limiter.hit('a');
    primary.mode = 'answer';
    advance(1_000);
    expect(await limiter.hit('a')).toEqual({ allowed: true, remaining: 99, retryAfter: 60 });
    await limiter.hit('a');
    expect(health.isDown).toBe(false);
    expect(log.info).toHaveBeenCalledTimes(1);
    expect(log.info.mock.calls[0]?.[0]).toMatch(/Redis answers again/);
    // A second loss is reported again.
    primary.mode = 'fail';
    await limiter.hit('a');
    expect(log.warn).toHaveBeenCalledTimes(2);
  });

  it('stops waiting for a shared limiter that does not answer within the timeout', async () => {
    const { log, primary, make } = setup(30);
    const limiter = make();
    primary.mode = 'hang';
    const started = Date.now();
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(log.warn).toHaveBeenCalledTimes(1);
    expect(log.warn.mock.calls[0]?.[0]).toEqual({ err: { message: 'no answer within 30 ms' } });
  });
});
