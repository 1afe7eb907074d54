import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * Tells every instance that data behind its in-process caches changed, so that all of them drop
 * those caches at once and not when their entries expire. Over Redis (a channel per cache) when
 * REDIS_URL is set; with one instance and no Redis there is nobody else to tell. An instance
 * ignores its own messages: it has already dropped its caches when it publishes.
 */
export class CacheBroadcast {
  private readonly instance = randomUUID();
  private readonly channel: string;

  constructor(
    name: string,
    private readonly redis: Redis | undefined,
    private readonly onChange: () => void,
  ) {
    this.channel = `drama:cache:${name}`;
  }

  /** Subscribes when the app is ready and leaves when it closes (a subscriber needs its own connection). */
  register(server: FastifyInstance): void {
    const redis = this.redis;
    if (!redis) return;
    const subscriber = redis.duplicate();
    subscriber.on('error', () => {});
    subscriber.on('message', (channel: string, message: string) => {
      if (channel === this.channel && message !== this.instance) this.onChange();
    });
    // On every (re)connection: one made after Redis was down at start has nothing to resubscribe.
    subscriber.on('ready', () => void subscriber.subscribe(this.channel).catch(() => undefined));
    server.addHook('onReady', async () => {
      try {
        await subscriber.connect();
      } catch (error) {
        // Meanwhile this instance's caches expire by their time, as without Redis; it keeps trying.
        server.log.warn({ err: error }, `could not subscribe to ${this.channel}`);
      }
    });
    server.addHook('onClose', async () => subscriber.disconnect(false));
  }

  /** Tells the other instances; a lost message costs them only their cache lifetime. */
  publish(): void {
    void this.redis?.publish(this.channel, this.instance).catch(() => undefined);
  }
}
