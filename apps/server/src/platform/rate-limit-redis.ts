import type { Redis } from 'ioredis';
import type { RateLimitDecision, RateLimiter } from './rate-limit.js';
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

/** The fixed-window counter of MemoryRateLimiter, kept in Redis so every instance shares it. */
export class RedisRateLimiter implements RateLimiter {
  constructor(
    private readonly redis: Redis,
    /** Keeps one limit's keys apart from another's that count the same subject. */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {}

  async hit(key: string): Promise<RateLimitDecision> {
    const [count, ttl] = (await this.redis.eval(HIT_SCRIPT, 1, `rl:${this.name}:${key}`, this.windowMs)) as [number, number];
    const allowed = count <= this.limit;
    return { allowed, remaining: allowed ? this.limit - count : 0, retryAfter: Math.max(1, Math.ceil(ttl / 1000)) };
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

  async hit(key: string): Promise<RateLimitDecision> {
    if (this.health.shouldTry()) {
      try {
        const decision = await withTimeout(this.primary.hit(key), this.timeoutMs);
        this.health.succeeded();
        return decision;
      } catch (error) {
        this.health.failed(error);
      }
    }
    return this.fallback.hit(key);
  }
}
