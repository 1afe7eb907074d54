import type { Redis } from 'ioredis';
import { MemoryRateLimiter, type RateLimiter } from './rate-limit.js';
import { FallbackRateLimiter, RedisRateLimiter } from './rate-limit-redis.js';
import type { RedisHealth } from './redis.js';

/** Where every module gets its limiters, so that one setting (REDIS_URL) decides how they are shared. */
export interface RateLimits {
  /** A limit of `limit` hits per key in `windowMs`; `name` must be unique per limit. */
  create(name: string, limit: number, windowMs: number): RateLimiter;
  /** Present when limits are kept in Redis: whether it answers. */
  readonly health?: RedisHealth;
}

/** Limits counted in this process only: right for a single instance. `now` lets tests move time. */
export function inProcessRateLimits(now: () => number = Date.now): RateLimits {
  return { create: (_name, limit, windowMs) => new MemoryRateLimiter(limit, windowMs, undefined, now) };
}

/** Limits counted in Redis, shared by every instance, each falling back to its own counter while Redis is lost. */
export function redisRateLimits(redis: Redis, health: RedisHealth, timeoutMs: number): RateLimits {
  const names = new Set<string>();
  return {
    health,
    create(name, limit, windowMs) {
      if (names.has(name)) throw new Error(`rate limit ${name} is made twice`);
      names.add(name);
      return new FallbackRateLimiter(
        new RedisRateLimiter(redis, name, limit, windowMs),
        new MemoryRateLimiter(limit, windowMs),
        health,
        timeoutMs,
      );
    },
  };
}
