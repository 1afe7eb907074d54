import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { apiPaths } from '@drama/contracts';
import { sql } from 'kysely';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../../src/db/database.js';
import { seedDramas } from '../../src/seed/catalogue-data.js';
import { pointsChange } from '../support/operator-acts.js';
import { type ServerProcess, startServer, stopServer, waitUntilReady } from '../support/server-process.js';
import { createThrowawayDatabase } from '../support/throwaway-database.js';
import { Acknowledged, apiCaller, type Member, ownerApiToken, signUpMember } from '../support/write-stream.js';

/**
 * A server killed with SIGKILL in the middle of a stream of writes, then started again on the
 * same data: every write it answered with success is there, and nothing is half-applied. The
 * database is PGlite in DATA_DIR, or a throwaway PostgreSQL database when DATABASE_URL is set
 * (CI runs this project both ways).
 */

const DAY_MS = 86_400_000;
const MEMBERS = 6;
const GRANTED_POINTS = 1_000;
/** The stream is killed once this many writes were answered, or after KILL_AFTER_MS. */
const KILL_AFTER_ANSWERS = 150;
const KILL_AFTER_MS = 12_000;
/** Each loop's calls are bounded, whatever happens to the server. */
const MAX_CALLS_PER_LOOP = 200;

const ADMIN_TOKEN = 'crash-admin-token-0123456789abcdef';
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-crash-'));
const running: ServerProcess[] = [];
let dropDatabase = async () => {};

afterAll(async () => {
  for (const server of running) await stopServer(server, 'SIGKILL');
  await dropDatabase();
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

/** A database with the demo catalogue: PGlite restored from the run's template, or an empty PostgreSQL the server migrates and seeds. */
async function prepareDatabase(): Promise<Record<string, string>> {
  if (process.env.DATABASE_URL) {
    const database = await createThrowawayDatabase('drama_crash');
    dropDatabase = database.drop;
    return { DATABASE_URL: database.url };
  }
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions,
  });
  await pglite.close();
  return {};
}

async function start(env: Record<string, string>): Promise<{ server: ServerProcess; api: ReturnType<typeof apiCaller> }> {
  const server = startServer({
    ...env,
    PORT: '0',
    DATA_DIR: dataDir,
    // The same secrets across the restart, so that the members' tokens still work.
    JWT_SECRET: 'crash-recovery-secret-0123456789abcdef',
    ADMIN_TOKEN,
    RECONCILE_INTERVAL_SECONDS: '0',
    PAYMENT_CHANNELS: 'sandbox',
  });
  running.push(server);
  const url = await waitUntilReady(server);
  return { server, api: apiCaller(url, await ownerApiToken(url, ADMIN_TOKEN)) };
}

interface Catalogue {
  /** Free episodes (anyone may watch them), with their drama. */
  episodes: Array<{ id: number; dramaId: number }>;
  dramaIds: number[];
  planIds: number[];
  mallItemId: number;
}

async function readCatalogue(api: ReturnType<typeof apiCaller>, member: Member): Promise<Catalogue> {
  const dramas = await api.data<{ items: Array<{ id: number }> }>('GET', `${apiPaths.dramas()}?page=1&limit=4`);
  const episodes: Catalogue['episodes'] = [];
  for (const drama of dramas.items) {
    const list = await api.data<{ items: Array<{ id: number; isFree: boolean }> }>('GET', apiPaths.dramaEpisodes(drama.id));
    episodes.push(...list.items.filter((episode) => episode.isFree).slice(0, 3).map((episode) => ({ id: episode.id, dramaId: drama.id })));
  }
  const plans = await api.data<{ items: Array<{ id: number; code: string }> }>('GET', apiPaths.plans());
  const mall = await api.data<{ items: Array<{ id: number; costPoints: number }> }>('GET', apiPaths.mall(), { token: member.token });
  const cheapest = [...mall.items].sort((a, b) => a.costPoints - b.costPoints)[0];
  if (!cheapest) throw new Error('the mall is empty');
  return {
    episodes,
    dramaIds: dramas.items.map((drama) => drama.id),
    planIds: plans.items.filter((plan) => plan.code === 'week' || plan.code === 'month').map((plan) => plan.id),
    mallItemId: cheapest.id,
  };
}

const likeKey = (member: Member, episodeId: number) => `like:${member.id}:${episodeId}`;
const favoriteKey = (member: Member, dramaId: number) => `favorite:${member.id}:${dramaId}`;
const progressKey = (member: Member, dramaId: number) => `progress:${member.id}:${dramaId}`;

interface Stream {
  acks: Acknowledged;
  /** True once a call went unanswered: the server is gone and loops end. */
  dead: () => boolean;
}

/**
 * Likes, unlikes, favourites and watch progress of one member in some dramas, one call at a
 * time: a member's loops share no drama, so what was last answered for a key is well defined.
 */
async function engagementLoop(
  api: ReturnType<typeof apiCaller>,
  member: Member,
  episodes: Catalogue['episodes'],
  stream: Stream,
  seed: number,
) {
  const { acks } = stream;
  for (let call = 0; call < MAX_CALLS_PER_LOOP && !stream.dead(); call += 1) {
    const episode = episodes[(seed + call * 7) % episodes.length];
    if (!episode) return;
    const kind = (seed + call) % 4;
    let key: string;
    let value: unknown;
    let outcome: Awaited<ReturnType<typeof api.call>>;
    if (kind === 0 || kind === 1) {
      key = likeKey(member, episode.id);
      value = kind === 0;
      acks.sending(key, value);
      outcome = await api.call(value ? 'POST' : 'DELETE', apiPaths.like(episode.id), { token: member.token });
    } else if (kind === 2) {
      key = favoriteKey(member, episode.dramaId);
      value = call % 3 !== 0;
      acks.sending(key, value);
      outcome = await api.call(value ? 'POST' : 'DELETE', apiPaths.favorite(episode.dramaId), { token: member.token });
    } else {
      key = progressKey(member, episode.dramaId);
      // Within every demo clip's length, which would clamp it.
      const progress = 1 + (call % 20);
      value = { episodeId: episode.id, progress };
      acks.sending(key, value);
      outcome = await api.call('POST', `${apiPaths.progress(episode.dramaId)}?episodeId=${episode.id}&progress=${progress}`, {
        token: member.token,
      });
    }
    if (outcome.lost) return;
    if (outcome.status >= 300) {
      acks.refused(key);
      throw new Error(`${key}: ${outcome.status} ${JSON.stringify(outcome.body)}`);
    }
    acks.answered(key, value);
  }
}

/** Orders paid or failed in the sandbox, the daily check-in, mall exchanges and the operator's grants for one member. */
async function moneyLoop(api: ReturnType<typeof apiCaller>, member: Member, catalogue: Catalogue, stream: Stream, seed: number) {
  const { acks } = stream;
  const ledger = (record: { id: number; amount: number }) => {
    acks.ledger.set(record.id, { userId: member.id, amount: record.amount });
    acks.count += 1;
  };
  let ordersRefused = false;
  for (let call = 0; call < MAX_CALLS_PER_LOOP && !stream.dead(); call += 1) {
    const step = (seed + call) % 5;
    if (call === 0) {
      const claimed = await api.call('POST', apiPaths.taskClaim('dailyCheckIn'), { token: member.token });
      if (claimed.lost) return;
      expect(claimed.status, JSON.stringify(claimed.body)).toBe(200);
      ledger((claimed.body.data as { record: { id: number; amount: number } }).record);
    } else if (step <= 1 && !ordersRefused) {
      const planId = catalogue.planIds[call % catalogue.planIds.length];
      const created = await api.call('POST', apiPaths.orders(), {
        token: member.token,
        body: { planId, channel: call % 2 === 0 ? 'alipay' : 'wechat' },
      });
      if (created.lost) return;
      // The per-member order limit: the rest of the stream does without new orders.
      if (created.status === 429) {
        ordersRefused = true;
        continue;
      }
      expect(created.status, JSON.stringify(created.body)).toBe(200);
      const order = (created.body.data as { order: { id: number; orderNo: string; status: string } }).order;
      acks.orders.set(order.id, { userId: member.id, orderNo: order.orderNo, status: order.status });
      acks.count += 1;
      const result = call % 4 === 3 ? 'fail' : 'success';
      const paid = await api.call('POST', apiPaths.sandboxCheckout(order.orderNo), { body: { result } });
      if (paid.lost) return;
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      acks.orders.set(order.id, { userId: member.id, orderNo: order.orderNo, status: (paid.body.data as { status: string }).status });
      acks.count += 1;
    } else if (step === 2) {
      const exchanged = await api.call('POST', apiPaths.mallExchange(catalogue.mallItemId), { token: member.token });
      if (exchanged.lost) return;
      if (exchanged.status === 422) continue; // spent out; the operator's grants top the balance up
      expect(exchanged.status, JSON.stringify(exchanged.body)).toBe(200);
      ledger((exchanged.body.data as { record: { id: number; amount: number } }).record);
    } else {
      const granted = await api.call('POST', apiPaths.consoleMemberPoints(member.id), { admin: true, body: pointsChange(40, 'stream') });
      if (granted.lost) return;
      expect(granted.status, JSON.stringify(granted.body)).toBe(200);
      const { adjustment } = granted.body.data as { adjustment: { id: number; amount: number } };
      acks.grants.set(`console:${adjustment.id}`, { userId: member.id, amount: adjustment.amount });
      acks.count += 1;
    }
  }
}

/** Guests' likes of one episode: they move only its anonymous count. */
async function guestLoop(api: ReturnType<typeof apiCaller>, episodeId: number, stream: Stream) {
  for (let call = 0; call < 10 && !stream.dead(); call += 1) {
    const outcome = await api.call(call % 3 === 2 ? 'DELETE' : 'POST', apiPaths.like(episodeId));
    if (outcome.lost) return;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe('a server killed in the middle of writes', () => {
  it('keeps every write it answered and leaves none half-applied, after SIGKILL and a restart', async () => {
    const env = await prepareDatabase();
    const first = await start(env);
    const members: Member[] = [];
    for (let i = 0; i < MEMBERS; i += 1) members.push(await signUpMember(first.api));
    for (const member of members) {
      await first.api.data('POST', apiPaths.consoleMemberPoints(member.id), { admin: true, body: pointsChange(GRANTED_POINTS, 'start') });
    }
    const catalogue = await readCatalogue(first.api, members[0] as Member);
    expect(catalogue.episodes.length).toBeGreaterThan(3);
    expect(catalogue.planIds).toHaveLength(2);

    // The stream: three loops per member and some guests, all at once, until the kill.
    let killed = false;
    const acks = new Acknowledged();
    const stream: Stream = { acks, dead: () => killed };
    const startedAt = Date.now();
    const loops = members.flatMap((member, index) => [
      ...[0, 1].map((part) =>
        engagementLoop(
          first.api,
          member,
          catalogue.episodes.filter((episode) => catalogue.dramaIds.indexOf(episode.dramaId) % 2 === part),
          stream,
          index,
        ),
      ),
      moneyLoop(first.api, member, catalogue, stream, index),
    ]);
    loops.push(guestLoop(first.api, (catalogue.episodes[0] as { id: number }).id, stream));
    const settled = Promise.allSettled(loops);
    const paidAnswers = () => [...acks.orders.values()].filter((order) => order.status === 'success').length;
    const movedPoints = () => acks.ledger.size + acks.grants.size;
    // On a slow machine the stream runs longer, until an order was answered paid and every
    // member's points moved.
    while (
      (acks.count < KILL_AFTER_ANSWERS && Date.now() - startedAt < KILL_AFTER_MS) ||
      ((paidAnswers() === 0 || movedPoints() < MEMBERS) && Date.now() - startedAt < 5 * KILL_AFTER_MS)
    ) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    killed = true;
    await stopServer(first.server, 'SIGKILL');
    const loopErrors = (await settled).flatMap((result) => (result.status === 'rejected' ? [String(result.reason)] : []));
    expect(loopErrors).toEqual([]);
    expect(paidAnswers(), 'the stream paid for no order before the kill').toBeGreaterThan(0);
    expect(movedPoints(), 'the stream moved no points').toBeGreaterThanOrEqual(MEMBERS);

    const second = await start(env);
    const { api } = second;

    for (const member of members) {
      // Orders: every one answered is there with the status answered; a pending one is asked
      // about as the payment page would, which settles a payment whose notification was cut off.
      const orders = await api.all<{ id: number; status: string }>(apiPaths.orders(), member.token);
      const byId = new Map(orders.map((order) => [order.id, order]));
      for (const [id, answered] of acks.orders) {
        if (answered.userId !== member.id) continue;
        expect(byId.get(id), `order ${answered.orderNo}`).toBeDefined();
        if (answered.status !== 'pending') expect(byId.get(id)?.status, `order ${answered.orderNo}`).toBe(answered.status);
      }
      for (const order of orders.filter((row) => row.status === 'pending')) {
        await api.data('GET', apiPaths.order(order.id), { token: member.token });
      }

      // Points: every ledger row shown is there with its amount, and so is the row of every grant answered.
      const records = await api.all<{ id: number; amount: number; reference: string | null }>(apiPaths.pointsRecords(), member.token);
      const recordById = new Map(records.map((record) => [record.id, record]));
      for (const [id, answered] of acks.ledger) {
        if (answered.userId === member.id) expect(recordById.get(id)?.amount, `ledger row ${id}`).toBe(answered.amount);
      }
      const recordByReference = new Map(records.map((record) => [record.reference, record]));
      for (const [reference, answered] of acks.grants) {
        if (answered.userId === member.id) expect(recordByReference.get(reference)?.amount, `ledger row of ${reference}`).toBe(answered.amount);
      }

      // Likes, favourites and progress: the state last answered, or the one in flight at the kill.
      const liked = new Set((await api.all<{ episode: { id: number } }>(apiPaths.likes(), member.token)).map((like) => like.episode.id));
      const favorites = new Set(
        (await api.all<{ drama: { id: number } }>(apiPaths.favorites(), member.token)).map((favorite) => favorite.drama.id),
      );
      for (const episode of catalogue.episodes) {
        expect(acks.allowed(likeKey(member, episode.id), false), `like of ${episode.id}`).toContain(liked.has(episode.id));
      }
      for (const dramaId of catalogue.dramaIds) {
        expect(acks.allowed(favoriteKey(member, dramaId), false), `favourite of ${dramaId}`).toContain(favorites.has(dramaId));
        const resume = await api.data<{ episodeId: number; progressSeconds: number } | null>('GET', apiPaths.watchRecord(dramaId), {
          token: member.token,
        });
        const progress = resume ? { episodeId: resume.episodeId, progress: resume.progressSeconds } : null;
        expect(acks.allowed(progressKey(member, dramaId), null), `progress in ${dramaId}`).toContainEqual(progress);
      }
    }

    // The restarted server takes writes again.
    const after = await api.call('POST', apiPaths.like((catalogue.episodes[1] as { id: number }).id), { token: (members[0] as Member).token });
    expect(after).toMatchObject({ lost: false, status: 200 });
    const checkedAt = Date.now();

    // The invariants, read from the tables once the server has stopped (PGlite allows one process).
    await stopServer(second.server, 'SIGTERM');
    expect(await second.server.exited).toBe(0);
    const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir });
    try {
      await checkInvariants(database, members, startedAt, checkedAt);
    } finally {
      await database.close();
    }
  }, 420_000);
});

async function checkInvariants(database: DatabaseHandle, members: Member[], startedAt: number, checkedAt: number): Promise<void> {
  const { db } = database;
  const ids = members.map((member) => member.id);

  // Each member's balance is the sum of their ledger, never below zero, and every row's
  // balance_after is the running sum up to it: no change of balance without its row, or the reverse.
  const users = await db.selectFrom('users').select(['id', 'points', 'vip_expire_time']).where('id', 'in', ids).execute();
  const ledger = await db
    .selectFrom('points_records')
    .select(['id', 'user_id', 'type', 'amount', 'balance_after', 'reference', 'created_at'])
    .where('user_id', 'in', ids)
    .orderBy('id')
    .execute();
  for (const user of users) {
    const rows = ledger.filter((row) => row.user_id === user.id);
    let running = 0;
    for (const row of rows) {
      running += row.amount;
      expect(row.balance_after, `ledger row ${row.id}`).toBe(running);
    }
    expect(user.points, `points of user ${user.id}`).toBe(running);
    expect(user.points).toBeGreaterThanOrEqual(0);
  }

  // A claimed task has its ledger row, with its points.
  const claims = await db
    .selectFrom('task_claims as c')
    .leftJoin('points_records as r', 'r.id', 'c.record_id')
    .select(['c.id', 'c.points', 'r.amount'])
    .where('c.user_id', 'in', ids)
    .execute();
  for (const claim of claims) expect(claim.amount, `task claim ${claim.id}`).toBe(claim.points);

  // Orders: a successful one was credited exactly once and has its payment time; no other was credited.
  const orders = await db
    .selectFrom('orders as o')
    .select((eb) => [
      'o.id',
      'o.user_id',
      'o.status',
      'o.days',
      'o.paid_at',
      eb
        .selectFrom('payment_notifications as n')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('n.order_id', '=', 'o.id')
        .where('n.outcome', '=', 'paid')
        .where('n.flag', 'in', ['applied', 'late'])
        .as('credits'),
    ])
    .where('o.user_id', 'in', ids)
    .execute();
  for (const order of orders) {
    expect(order.credits, `credits of order ${order.id} (${order.status})`).toBe(order.status === 'success' ? 1 : 0);
    if (order.status === 'success') expect(order.paid_at, `paid_at of order ${order.id}`).not.toBeNull();
  }

  // A payment the sandbox took whose notification the kill cut off was settled when the member's
  // page asked about the order after the restart: money taken is never left uncredited.
  const takenPayments = await db
    .selectFrom('sandbox_payments as p')
    .innerJoin('orders as o', 'o.order_no', 'p.order_no')
    .select(['o.id', 'o.status', 'p.result'])
    .where('o.user_id', 'in', ids)
    .execute();
  for (const payment of takenPayments) {
    const settled = { paid: 'success', failed: 'failed', closed: 'cancelled' }[payment.result];
    expect(payment.status, `order ${payment.id}, ${payment.result} in the sandbox`).toBe(settled);
  }

  // VIP: the days of every paid order and mall exchange, and nothing else. The stream is far
  // shorter than a day, so VIP never lapses between grants and ends exactly the grants' days
  // after the first grant that took the member's row; a lost or a stray grant moves it by days.
  const mallDays = new Map(
    (await db.selectFrom('mall_items').select(['id', 'value']).execute()).map((item) => [`mall:${item.id}`, item.value]),
  );
  for (const user of users) {
    const paid = orders.filter((order) => order.user_id === user.id && order.status === 'success');
    const exchanges = ledger.filter((row) => row.user_id === user.id && row.type === 'vip_exchange');
    const days =
      paid.reduce((sum, order) => sum + order.days, 0) +
      exchanges.reduce((sum, row) => sum + (mallDays.get(row.reference ?? '') ?? Number.NaN), 0);
    const grantTimes = [...paid.map((order) => (order.paid_at as Date).getTime()), ...exchanges.map((row) => row.created_at.getTime())];
    if (days === 0) {
      expect(user.vip_expire_time, `VIP of user ${user.id}`).toBeNull();
      continue;
    }
    const expiry = user.vip_expire_time?.getTime() ?? 0;
    expect(Math.min(...grantTimes)).toBeGreaterThanOrEqual(startedAt - 1_000);
    expect(Math.max(...grantTimes)).toBeLessThanOrEqual(checkedAt + 1_000);
    expect(expiry, `VIP of user ${user.id}`).toBeGreaterThanOrEqual(Math.min(...grantTimes) + days * DAY_MS);
    expect(expiry, `VIP of user ${user.id}`).toBeLessThanOrEqual(Math.max(...grantTimes) + days * DAY_MS);
  }

  // Likes: an episode's count is its members' rows plus the guests' likes; a drama's count is
  // its seeded count plus its episodes'; its favourites, its seeded count plus the rows.
  const episodeCounts = await db
    .selectFrom('episodes as e')
    .select((eb) => [
      'e.id',
      'e.drama_id',
      'e.like_count',
      'e.anonymous_like_count',
      eb
        .selectFrom('episode_likes as l')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('l.episode_id', '=', 'e.id')
        .as('rows'),
    ])
    .execute();
  for (const episode of episodeCounts) {
    expect(episode.like_count, `likes of episode ${episode.id}`).toBe((episode.rows ?? 0) + episode.anonymous_like_count);
  }
  const seeded = new Map(seedDramas.map((drama) => [drama.slug, drama]));
  const dramas = await db
    .selectFrom('dramas as d')
    .select((eb) => [
      'd.id',
      'd.slug',
      'd.like_count',
      'd.favorite_count',
      eb
        .selectFrom('favorites as f')
        .select(sql<number>`count(*)::int`.as('n'))
        .whereRef('f.drama_id', '=', 'd.id')
        .as('favorites'),
    ])
    .execute();
  let engaged = 0;
  for (const drama of dramas) {
    const seed = seeded.get(drama.slug);
    if (!seed) continue;
    const episodeLikes = episodeCounts.filter((episode) => episode.drama_id === drama.id).reduce((sum, e) => sum + e.like_count, 0);
    expect(drama.like_count, `likes of drama ${drama.slug}`).toBe(seed.likes + episodeLikes);
    expect(drama.favorite_count, `favourites of drama ${drama.slug}`).toBe(seed.favorites + (drama.favorites ?? 0));
    if (episodeLikes > 0 || (drama.favorites ?? 0) > 0) engaged += 1;
  }
  expect(engaged, 'the stream left no like or favourite to check').toBeGreaterThan(0);
}
