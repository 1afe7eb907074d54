import { createHmac, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  codeRequestResponseSchema,
  createOrderResponseSchema,
  dramaDetailResponseSchema,
  dramaListResponseSchema,
  errorEnvelopeSchema,
  exploreResponseSchema,
  orderDetailResponseSchema,
  planListResponseSchema,
  searchResponseSchema,
  sessionResponseSchema,
} from '@drama/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_LIKES_PER_MINUTE } from '../../src/modules/likes/routes.js';
import { ORDERS_PER_MINUTE } from '../../src/modules/orders/routes.js';
import { INDEX_EVERY_SECONDS } from '../../src/modules/search/service.js';
import { SANDBOX_SIGNATURE_HEADER } from '../../src/modules/payments/channels/sandbox.js';
import { middayTimeZone, uniqueEmail } from '../support/accounts.js';
import { startRedisServer, type RedisServer } from '../support/redis-server.js';
import { type ServerProcess, startServer, stopServer, waitUntilReady } from '../support/server-process.js';
import { createThrowawayDatabase } from '../support/throwaway-database.js';

const REDIS_PORT = 4111;
const DAY_MS = 86_400_000;
const JWT_SECRET = randomBytes(32).toString('base64url');
const SANDBOX_PAYMENT_SECRET = randomBytes(32).toString('base64url');

let database: Awaited<ReturnType<typeof createThrowawayDatabase>> | undefined;
let sql: pg.Client | undefined;
let redis: RedisServer | undefined;
const servers: ServerProcess[] = [];
const dataDirs: string[] = [];
/** The two instances' base URLs. */
let one = '';
let two = '';

interface Answer {
  status: number;
  body: unknown;
  headers: Headers;
}

async function call(
  base: string,
  method: 'GET' | 'POST' | 'DELETE',
  route: string,
  options: { body?: unknown; token?: string } = {},
): Promise<Answer> {
  const response = await fetch(`${base}${API_BASE}${route}`, {
    method,
    headers: {
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
  });
  return { status: response.status, body: (await response.json()) as unknown, headers: response.headers };
}

function refused(answer: Answer, status: number, code: string): Record<string, unknown> {
  expect({ status: answer.status, body: answer.body }).toMatchObject({ status, body: { success: false, code } });
  return (errorEnvelopeSchema.parse(answer.body).details ?? {}) as Record<string, unknown>;
}

async function signUp(base: string, email?: string) {
  const body = { username: `m_${randomBytes(5).toString('hex')}`, password: 'secret-pass-1', ...(email ? { email } : {}) };
  const answer = await call(base, 'POST', apiPaths.signUp(), { body });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return { ...sessionResponseSchema.parse(answer.body).data, ...body };
}

function startInstance(env: Record<string, string>): ServerProcess {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-instance-'));
  dataDirs.push(dataDir);
  // Each instance has its own DATA_DIR: what they share is only what they are configured with.
  const server = startServer({
    PORT: '0',
    DATA_DIR: dataDir,
    DATABASE_URL: database?.url ?? '',
    REDIS_URL: redis?.url ?? '',
    JWT_SECRET,
    SANDBOX_PAYMENT_SECRET,
    RECONCILE_INTERVAL_SECONDS: '0',
    APP_TIMEZONE: middayTimeZone(),
    // This file shows limits shared through Redis; falling back when Redis is slow is
    // redis-loss.test.ts's. A busy machine can take longer than the default 200 ms to answer.
    REDIS_TIMEOUT_MS: '2000',
    ...env,
  });
  servers.push(server);
  return server;
}

// Needs PostgreSQL (PGlite serves one process): runs in CI's second pass, which sets DATABASE_URL.
describe.runIf(process.env.DATABASE_URL)('two instances on one PostgreSQL and one Redis', () => {
  beforeAll(async () => {
    database = await createThrowawayDatabase('drama_instances');
    sql = new pg.Client({ connectionString: database.url });
    redis = await startRedisServer(REDIS_PORT);
    // The first migrates and seeds; the second starts on what the first made.
    one = await waitUntilReady(startInstance({}));
    await sql.connect();
    two = await waitUntilReady(startInstance({ SEED_DEMO: 'false' }));
  }, 300_000);

  afterAll(async () => {
    await Promise.all(servers.map((server) => stopServer(server)));
    await sql?.end();
    await redis?.stop();
    await database?.drop();
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('accepts a token made by one instance on the other', async () => {
    const member = await signUp(one);
    const me = await call(two, 'GET', apiPaths.me(), { token: member.token });
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ success: true, data: { id: member.user.id, username: member.username } });
  });

  it('finds a drama changed straight in the database on both, in search and the feed, and forgets it when unlisted', async () => {
    const title = `Quenchwood ${randomBytes(3).toString('hex')}`;
    const text = JSON.stringify({ 'zh-CN': title, 'zh-Hant': title, 'en-US': title });
    const inserted = await sql?.query<{ id: number }>(
      `insert into dramas (slug, title, description, cover_path, episode_count, free_episode_count, view_count)
       values ($1, $2, $2, 'none.jpg', 1, 1, 2000000000) returning id`,
      [`quenchwood-${randomBytes(3).toString('hex')}`, text],
    );
    const id = inserted?.rows[0]?.id;
    await sql?.query(`insert into episodes (drama_id, sequence, is_free, duration_seconds, media_key) values ($1, 1, true, 60, 'none')`, [id]);
    // Neither instance was told: each finds it by reading what changed, in search once one of
    // them has written its search texts (the queue's pass, every INDEX_EVERY_SECONDS).
    // A member's feed page is never a cached answer (guests' are, for 30 s).
    const member = await signUp(one);
    const found = async (base: string) => {
      const search = searchResponseSchema.parse((await call(base, 'GET', `${apiPaths.search()}?keyword=quenchwood&suggest=true`)).body);
      const feed = exploreResponseSchema.parse((await call(base, 'GET', `${apiPaths.explore()}?limit=3`, { token: member.token })).body);
      return [search.data.items.some((hit) => hit.drama.id === id), feed.data.items[0]?.drama.id === id];
    };
    const waitFor = async (expected: boolean[], seconds: number) => {
      const deadline = Date.now() + seconds * 1000;
      while (Date.now() < deadline) {
        const [a, b] = await Promise.all([found(one), found(two)]);
        if (JSON.stringify([a, b]) === JSON.stringify([expected, expected])) return;
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      throw new Error(`not ${JSON.stringify(expected)} on both within ${seconds} s`);
    };
    await waitFor([true, true], INDEX_EVERY_SECONDS + 10);
    // Unlisted, it leaves at each instance's next read of the changes (DISCOVERY_MAX_LAG_MS).
    await sql?.query(`update dramas set status = 'unlisted' where id = $1`, [id]);
    await waitFor([false, false], 10);
  }, (INDEX_EVERY_SECONDS + 40) * 1000);

  it('locks an account after 5 wrong passwords split across both, on both', async () => {
    const member = await signUp(one);
    const wrong = (base: string) => call(base, 'POST', apiPaths.signIn(), { body: { account: member.username, password: 'wrong-password' } });
    for (const [base, remaining] of [[one, 4], [two, 3], [one, 2], [two, 1]] as const) {
      expect(refused(await wrong(base), 401, 'INVALID_CREDENTIALS')).toEqual({ attemptsRemaining: remaining, challengeRequired: false });
    }
    expect(refused(await wrong(one), 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    for (const base of [one, two]) {
      const right = await call(base, 'POST', apiPaths.signIn(), { body: { account: member.username, password: member.password } });
      expect(refused(right, 429, 'ACCOUNT_LOCKED')).toMatchObject({ minutes: 15 });
    }
  });

  it('holds the code cooldown and the daily limit across both', async () => {
    const email = uniqueEmail();
    await signUp(one, email);
    const request = (base: string) => call(base, 'POST', apiPaths.authCodes(), { body: { channel: 'email', target: email, purpose: 'reset' } });
    expect((await request(one)).status).toBe(200);
    expect(refused(await request(two), 429, 'CODE_COOLDOWN')).toMatchObject({ remainingToday: 9 });

    for (let sent = 2; sent <= 10; sent += 1) {
      // As if the 60 s cooldown had passed.
      await sql?.query(
        `update verification_codes set created_at = created_at - interval '61 seconds', expires_at = expires_at - interval '61 seconds' where target = $1`,
        [email],
      );
      const answer = await request(sent % 2 === 0 ? two : one);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(codeRequestResponseSchema.parse(answer.body).data.remainingToday).toBe(10 - sent);
    }
    await sql?.query(`update verification_codes set created_at = created_at - interval '61 seconds' where target = $1`, [email]);
    for (const base of [one, two]) expect(refused(await request(base), 429, 'CODE_DAILY_LIMIT')).toMatchObject({ remainingToday: 0 });
  });

  it(`holds ${ORDERS_PER_MINUTE} new orders a minute per member across both, through Redis`, async () => {
    const member = await signUp(one);
    const plans = planListResponseSchema.parse((await call(one, 'GET', apiPaths.plans())).body).data.items;
    const order = (base: string) => call(base, 'POST', apiPaths.orders(), { token: member.token, body: { planId: plans[0]?.id, channel: 'alipay' } });
    // Each instance alone sees at most half the limit: only a shared count refuses the next one.
    for (let i = 0; i < ORDERS_PER_MINUTE; i += 1) {
      const answer = await order(i % 2 === 0 ? one : two);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    }
    for (const base of [one, two]) {
      const answer = await order(base);
      expect(refused(answer, 429, 'RATE_LIMITED').retryAfter).toBeGreaterThan(0);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(0);
    }
  });

  it(`holds ${MEMBER_LIKES_PER_MINUTE} likes a minute per member across both, through Redis`, async () => {
    const member = await signUp(one);
    const list = dramaListResponseSchema.parse((await call(one, 'GET', '/client/dramas?limit=1')).body);
    const detail = dramaDetailResponseSchema.parse((await call(one, 'GET', apiPaths.drama(list.data.items[0]?.id ?? 0))).body);
    const episodeId = detail.data.episodes[0]?.id ?? 0;
    const statuses: number[] = [];
    for (let i = 0; i < MEMBER_LIKES_PER_MINUTE; i += 1) {
      const answer = await call(i % 2 === 0 ? one : two, i % 4 < 2 ? 'POST' : 'DELETE', apiPaths.like(episodeId), { token: member.token });
      statuses.push(answer.status);
    }
    expect(statuses.every((status) => status === 200)).toBe(true);
    refused(await call(two, 'POST', apiPaths.like(episodeId), { token: member.token }), 429, 'RATE_LIMITED');
    refused(await call(one, 'DELETE', apiPaths.like(episodeId), { token: member.token }), 429, 'RATE_LIMITED');
  });

  it('credits VIP once when one payment notification reaches both instances, again and again', async () => {
    const member = await signUp(one);
    const plans = planListResponseSchema.parse((await call(one, 'GET', apiPaths.plans())).body).data.items;
    const plan = plans.find((item) => item.code === 'week') ?? plans[0];
    const created = await call(one, 'POST', apiPaths.orders(), { token: member.token, body: { planId: plan?.id, channel: 'wechat' } });
    const { order } = createOrderResponseSchema.parse(created.body).data;

    const tradeNo = `SBX${randomBytes(12).toString('hex').toUpperCase()}`;
    /** What the sandbox checkout sends: a JSON body signed with the key both instances share. */
    const notification = () => {
      const body = JSON.stringify({
        orderNo: order.orderNo,
        tradeNo,
        amountFen: order.amountFen,
        result: 'paid',
        sentAt: Math.floor(Date.now() / 1000),
        nonce: randomBytes(12).toString('hex'),
      });
      const signature = createHmac('sha256', SANDBOX_PAYMENT_SECRET).update(body).digest('base64url');
      return { body, signature };
    };
    const deliver = async (base: string, copy: { body: string; signature: string }) => {
      const response = await fetch(`${base}${API_BASE}${apiPaths.paymentNotify('sandbox')}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [SANDBOX_SIGNATURE_HEADER]: copy.signature },
        body: copy.body,
      });
      await response.arrayBuffer();
      return response.status;
    };
    const first = notification();
    const rounds = [first, first, notification(), notification()];
    for (const copy of rounds) {
      expect(await Promise.all([deliver(one, copy), deliver(two, copy), deliver(one, copy), deliver(two, copy)])).toEqual([200, 200, 200, 200]);
    }

    for (const base of [one, two]) {
      const detail = orderDetailResponseSchema.parse((await call(base, 'GET', apiPaths.order(order.id), { token: member.token })).body).data;
      expect(detail.status).toBe('success');
    }
    const paid = orderDetailResponseSchema.parse((await call(two, 'GET', apiPaths.order(order.id), { token: member.token })).body).data;
    const user = await sql?.query<{ vip_expire_time: Date }>('select vip_expire_time from users where id = $1', [member.user.id]);
    expect(user?.rows[0]?.vip_expire_time.getTime()).toBe(Date.parse(paid.paidAt ?? '') + (plan?.days ?? 0) * DAY_MS);
    const flags = await sql?.query<{ flag: string }>('select flag from payment_notifications where order_no = $1', [order.orderNo]);
    const applied = flags?.rows.filter((row) => row.flag === 'applied') ?? [];
    expect(applied).toHaveLength(1);
    expect(flags?.rows).toHaveLength(rounds.length * 4);
  });
});
