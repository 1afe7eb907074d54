import type { FastifyReply } from 'fastify';
import { AppError } from './errors.js';

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits left in the current window (0 when refused). */
  remaining: number;
  /** Whole seconds until the window resets (at least 1). */
  retryAfter: number;
}

/** What a counter holds for a key now, without counting a hit. */
export interface RateLimitState {
  /** Hits in the current window (0 when none is open). */
  count: number;
  /** Whole seconds until the window ends (0 when none is open). */
  retryAfter: number;
}

/**
 * Counts hits per key in fixed windows. The in-process implementation below serves one
 * instance; the Redis one (rate-limit-redis.ts) serves several.
 */
export interface RateLimiter {
  /** Counts a hit. `windowMs` overrides the limiter's window when this hit opens a new one. */
  hit(key: string, windowMs?: number): Promise<RateLimitDecision>;
  /** Reads a key's window without counting. */
  peek(key: string): Promise<RateLimitState>;
  /** Closes a key's window, as after a correct password. */
  reset(key: string): Promise<void>;
  /** Takes back one hit counted ahead of a check that then did not need counting. */
  refund(key: string): Promise<void>;
}

interface Window {
  count: number;
  resetsAt: number;
}

/** A fixed-window counter kept in memory, bounded to `maxKeys` keys. */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly maxKeys = 50_000,
    private readonly now: () => number = Date.now,
  ) {}

  hit(key: string, windowMs = this.windowMs): Promise<RateLimitDecision> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.resetsAt <= now) {
      if (window) this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.evict(now);
      window = { count: 0, resetsAt: now + windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    const retryAfter = Math.max(1, Math.ceil((window.resetsAt - now) / 1000));
    const allowed = window.count <= this.limit;
    return Promise.resolve({ allowed, remaining: allowed ? this.limit - window.count : 0, retryAfter });
  }

  peek(key: string): Promise<RateLimitState> {
    const now = this.now();
    const window = this.windows.get(key);
    if (!window || window.resetsAt <= now) return Promise.resolve({ count: 0, retryAfter: 0 });
    return Promise.resolve({ count: window.count, retryAfter: Math.max(1, Math.ceil((window.resetsAt - now) / 1000)) });
  }

  reset(key: string): Promise<void> {
    this.windows.delete(key);
    return Promise.resolve();
  }

  refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
    return Promise.resolve();
  }

  /** Drops finished windows; if every key is live, the oldest ones (Map keeps insertion order). */
  private evict(now: number): void {
    for (const [key, window] of this.windows) {
      if (window.resetsAt <= now) this.windows.delete(key);
    }
    const excess = this.windows.size - this.maxKeys + 1;
    if (excess <= 0) return;
    let dropped = 0;
    for (const key of this.windows.keys()) {
      if (dropped >= excess) break;
      this.windows.delete(key);
      dropped += 1;
    }
  }
}

/**
 * Counts a hit and refuses it with 429 RATE_LIMITED (`details.retryAfter` seconds, and a
 * Retry-After header) once the key is over its limit.
 */
export async function enforceRateLimit(limiter: RateLimiter, key: string, reply: FastifyReply): Promise<void> {
  const decision = await limiter.hit(key);
  if (decision.allowed) return;
  reply.header('Retry-After', String(decision.retryAfter));
  throw new AppError('RATE_LIMITED', 'Too many requests, try again later', { retryAfter: decision.retryAfter });
}
