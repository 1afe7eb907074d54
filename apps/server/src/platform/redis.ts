import { Redis } from 'ioredis';

/**
 * The connection to REDIS_URL. It connects when the app starts (not on construction) and keeps
 * reconnecting in the background; with no offline queue, calls made while it is down fail at
 * once instead of piling up, so that rate limits can fall back to in-process counters.
 */
export function createRedis(url: string, timeoutMs: number): Redis {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: timeoutMs,
    connectTimeout: 1_000,
    // Reconnect soon after a loss, but do not hammer an address where nothing listens.
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Losses are reported by whoever uses the connection (once, not per attempt); without a
  // listener ioredis would print every failed reconnection.
  redis.on('error', () => {});
  return redis;
}

/**
 * Connects before the server listens, so that the first requests already share limits; a Redis
 * that is down must not stop the server starting: it serves on in-process limits, logged once,
 * while the connection keeps retrying in the background.
 */
export async function connectRedis(redis: Redis, health: RedisHealth): Promise<void> {
  try {
    await redis.connect();
  } catch (error) {
    health.failed(error);
  }
}

/** Closes the connection, giving pending calls no more time. */
export function closeRedis(redis: Redis): void {
  redis.disconnect(false);
}

interface HealthLog {
  warn(object: object, message: string): void;
  info(message: string): void;
}

/**
 * Whether Redis is answering, shared by every limiter of one app so that a loss is logged once
 * (and its end once), not once per request. While it is down, Redis is asked again at most
 * once per `retryMs`, so requests do not each wait on a dead connection.
 */
export class RedisHealth {
  private down = false;
  private retryAt = 0;

  constructor(
    private readonly log: HealthLog,
    private readonly retryMs = 1_000,
    private readonly now: () => number = Date.now,
  ) {}

  get isDown(): boolean {
    return this.down;
  }

  shouldTry(): boolean {
    return !this.down || this.now() >= this.retryAt;
  }

  failed(error: unknown): void {
    this.retryAt = this.now() + this.retryMs;
    if (this.down) return;
    this.down = true;
    this.log.warn(
      { err: error instanceof Error ? { message: error.message } : { message: String(error) } },
      'Redis is unreachable: rate limits fall back to in-process counters until it answers again',
    );
  }

  succeeded(): void {
    if (!this.down) return;
    this.down = false;
    this.log.info('Redis answers again: rate limits are shared across instances again');
  }
}
