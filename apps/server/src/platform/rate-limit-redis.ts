import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter, RateLimitState } from './rate-limit.js';
import type { RedisHealth } from './redis.js';

/**
 * Counts a hit and starts the window on the first one, in one round trip and atomically, so
 * that instances sharing the key never see a counter without an expiry.
 */
const HIT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** Takes one back, never below zero, keeping the window's expiry. */
const REFUND_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if count and tonumber(count) > 0 then redis.call('DECR', KEYS[1]) end
return 1
`;

/** Reads a counter and its time left in one round trip. */
const PEEK_SCRIPT = `
local count = redis.call('GET', KEYS[1])
if not count then return {0, 0} end
return {tonumber(count), redis.call('PTTL', KEYS[1])}
`;

/** The fixed-window counter of MemoryRateLimiter, kept in Redis so every instance shares it. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    /** Keeps one limit's keys apart from another's that count the same subject. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string, windowMs = this.windowMs): Promise<RateLimitDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, this.key(key), windowMs)) as [number, number];
    const allowed = count <= this.limit;
    return { allowed, remaining: allowed ? this.limit - count : 0, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
  }

  async peek(key: string): Promise<RateLimitState> {
    const [count, ttl] = (await this.redis.eval(PEEK_SCRIPT, 1, this.key(key))) as [number, number];
    return count > 0 && ttl > 0 ? { count, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) } : { count: 0, retryAfter: 0 };
  }

  async reset(key: string): Promise<void> {
    await this.redis.del(this.key(key));
  }

  async refund(key: string): Promise<void> {
    await this.redis.eval(REFUND_SCRIPT, 1, this.key(key));
  }

  private key(key: string): string {
    return `rl:${this.name}:${key}`;
  }
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Asks the shared limiter and, when it fails or is slow, the in-process one: losing Redis
 * loosens limits to one instance's view for a while instead of failing members' requests.
 */
export class FallbackRateLimiter implements RateLimiter {
  constructor(
    private readonly primary: RateLimiter,
    private readonly fallback: RateLimiter,
    private readonly health: RedisHealth,
    /** How long to wait for Redis before counting in process instead. */
    private readonly timeoutMs: number,
  ) {}

  hit(key: string, windowMs?: number): Promise<RateLimitDecision> {
    return this.ask((limiter) => limiter.hit(key, windowMs));
  }

  peek(key: string): Promise<RateLimitState> {
    return this.ask((limiter) => limiter.peek(key));
  }

  reset(key: string): Promise<void> {
    return this.ask((limiter) => limiter.reset(key));
  }

  refund(key: string): Promise<void> {
    return this.ask((limiter) => limiter.refund(key));
  }

  private async ask<T>(call: (limiter: RateLimiter) => Promise<T>): Promise<T> {
    if (this.health.shouldTry()) {
      try {
        const answer = await withTimeout(call(this.primary), this.timeoutMs);
        this.health.succeeded();
        return answer;
      } catch (error) {
        this.health.failed(error);
      }
    }
    return call(this.fallback);
  }
}
