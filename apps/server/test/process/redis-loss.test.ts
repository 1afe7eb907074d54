import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, apiPaths, dramaDetailResponseSchema, dramaListResponseSchema } from '@drama/contracts';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GUEST_LIKES_PER_MINUTE } from '../../src/modules/likes/routes.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import {
  type ServerProcess,
  startServer,
  stopServer,
  waitForOutput,
  waitUntilReady,
} from '../support/server-process.js';
import { createThrowawayDatabase } from '../support/throwaway-database.js';

// Runs in both CI passes: on PGlite without DATABASE_URL, on a throwaway PostgreSQL database with it.
const REDIS_PORT = 4121;
const NOTHING_LISTENS_PORT = 4122;
const LOST = /Redis is unreachable: rate limits fall back to in-process counters/g;
const BACK = /Redis answers again/g;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-redis-loss-'));
let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
let redis: RedisServer | undefined;
let server: ServerProcess | undefined;
let episodeId = 0;

function serverEnv(redisUrl: string): Record<string, string> {
  return {
    PORT: '0',
    DATA_DIR: dataDir,
    REDIS_URL: redisUrl,
    // The return to Redis is logged at info.
    LOG_LEVEL: 'info',
    RECONCILE_INTERVAL_SECONDS: '0',
    ...(database ? { DATABASE_URL: database.url } : {}),
  };
}

async function firstEpisode(base: string): Promise<number> {
  const list = dramaListResponseSchema.parse(await (await fetch(`${base}${API_BASE}/client/dramas?limit=1`)).json());
  const dramaId = list.data.items[0]?.id ?? 0;
  const detail = dramaDetailResponseSchema.parse(await (await fetch(`${base}${API_BASE}${apiPaths.drama(dramaId)}`)).json());
  return detail.data.episodes[0]?.id ?? 0;
}

/** A guest's like or unlike; the limit is per address (127.0.0.1 here) and route. */
async function guestLike(base: string, method: 'POST' | 'DELETE'): Promise<{ status: number; retryAfter: string | null }> {
  const response = await fetch(`${base}${API_BASE}/client/episodes/${episodeId}/like`, { method });
  await response.arrayBuffer();
  return { status: response.status, retryAfter: response.headers.get('retry-after') };
}

/** Sends `count` requests one after another and tallies their statuses. */
async function tally(base: string, method: 'POST' | 'DELETE', count: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  for (let i = 0; i < count; i += 1) {
    const { status } = await guestLike(base, method);
    statuses[status] = (statuses[status] ?? 0) + 1;
  }
  return statuses;
}

async function redisCount(key: string): Promise<string | null> {
  const client = new Redis(`redis://127.0.0.1:${REDIS_PORT}`, { lazyConnect: true, maxRetriesPerRequest: 0 });
  try {
    await client.connect();
    return await client.get(key);
  } finally {
    client.disconnect();
  }
}

function occurrences(text: string, pattern: RegExp): number {
  return text.match(pattern)?.length ?? 0;
}

beforeAll(async () => {
  if (process.env.DATABASE_URL) database = await createThrowawayDatabase('drama_redis_loss');
  redis = await startRedisServer(REDIS_PORT);
}, 60_000);

afterAll(async () => {
  if (server) await stopServer(server, 'SIGKILL');
  await redis?.stop();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('losing Redis', () => {
  it('keeps answering with in-process limits and one warning, then returns to Redis when it is back', async () => {
    server = startServer(serverEnv(`redis://127.0.0.1:${REDIS_PORT}`));
    const base = await waitUntilReady(server);
    episodeId = await firstEpisode(base);

    // With Redis: the limit holds, and it is Redis that counts.
    expect(await tally(base, 'POST', GUEST_LIKES_PER_MINUTE)).toEqual({ 200: GUEST_LIKES_PER_MINUTE });
    const refused = await guestLike(base, 'POST');
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(await redisCount('rl:guest-likes:like:127.0.0.1')).toBe(String(GUEST_LIKES_PER_MINUTE + 1));
    expect(occurrences(server.output(), LOST)).toBe(0);

    await redis?.stop('SIGKILL');

    // Without it: every request answered, none a fault, and the limit still holds in process.
    const unlikes = await tally(base, 'DELETE', GUEST_LIKES_PER_MINUTE + 5);
    expect(unlikes).toEqual({ 200: GUEST_LIKES_PER_MINUTE, 429: 5 });
    expect((await fetch(`${base}${API_BASE}/health`)).status).toBe(200);
    expect(occurrences(server.output(), LOST)).toBe(1);

    // Back on the same port: the server finds it again (and says so once) and counts there.
    redis = await startRedisServer(REDIS_PORT);
    const deadline = Date.now() + 20_000;
    while (occurrences(server.output(), BACK) === 0 && Date.now() < deadline) {
      expect((await guestLike(base, 'POST')).status).toBeLessThan(500);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(occurrences(server.output(), BACK)).toBe(1);
    await guestLike(base, 'DELETE');
    expect(Number(await redisCount('rl:guest-likes:unlike:127.0.0.1'))).toBeGreaterThan(0);
    expect(occurrences(server.output(), LOST)).toBe(1);

    await stopServer(server);
    server = undefined;
  }, 300_000);

  it('starts and serves when nothing listens at REDIS_URL, warning that limits are per instance', async () => {
    server = startServer(serverEnv(`redis://127.0.0.1:${NOTHING_LISTENS_PORT}`));
    const base = await waitUntilReady(server);
    await waitForOutput(server, new RegExp(LOST.source), 5_000);
    expect((await fetch(`${base}${API_BASE}/health`)).status).toBe(200);
    expect(await tally(base, 'DELETE', GUEST_LIKES_PER_MINUTE + 1)).toEqual({ 200: GUEST_LIKES_PER_MINUTE, 429: 1 });
    expect(occurrences(server.output(), LOST)).toBe(1);
    await stopServer(server);
    server = undefined;
  }, 300_000);
});
