// `npm run bench` (analytics part): the console's dashboard, drama funnels and drama list over a
// year of generated daily rows for 100,000 members on PostgreSQL, against a bare Fastify route
// measured in the same run. Budget (DESIGN.md section 6): p99 under 100 ms.
//
// Makes a throwaway database (BENCH_DATABASE_URL, default the local postgres user's server),
// migrates and seeds it, generates members, a year of daily rows and one day of raw events
// (timing the aggregation of that day), starts the real server on it, measures, and drops the
// database. BENCH_MEMBERS changes the number of members.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/db/database.js';
import { migrateToLatest } from '../src/db/migrate.js';
import { aggregateDay } from '../src/modules/analytics/aggregate-queries.js';
import { addDays, dayOf } from '../src/modules/analytics/days.js';
import { seedDemo } from '../src/seed/seed.js';
import { createThrowawayDatabase } from '../test/support/throwaway-database.js';
import { benchDir, connections, duration, measure, repoRoot, serverArgs, startProcess, stopAll } from './harness.js';

const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 100_000);
const DAYS = 365;
const BUDGET_P99_MS = 100;
const TIME_ZONE = 'Asia/Shanghai';
const ADMIN_TOKEN = 'bench-admin-token-0123456789abcdef';
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

function step(label: string, started: number): void {
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

async function settle(healthUrl: string): Promise<void> {
  for (let tries = 0; tries < 60; tries += 1) {
    const started = performance.now();
    const ok = await fetch(healthUrl).then((r) => r.ok, () => false);
    if (ok && performance.now() - started < 200) return;
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Members over the year, and the daily rows a year of their viewing and buying leaves. */
async function generate(client: pg.Client, today: string): Promise<void> {
  const first = addDays(today, -(DAYS - 1));
  await client.query(
    `insert into users (username, password_hash, vip_level, vip_expire_time, created_at)
     select 'bench_' || n, 'not-a-real-hash', case when n % 9 = 0 then 1 else 0 end,
       case when n % 9 = 0 then now() + make_interval(days => n % 60) end,
       $1::date + make_interval(days => n % ${DAYS}) + make_interval(secs => n % 86400)
     from generate_series(1, $2::int) n`,
    [first, MEMBERS],
  );
  const members = MEMBERS;
  await client.query(
    `insert into analytics_daily (day, new_members, active_viewers, active_viewers_7d, active_viewers_30d, plays, watch_seconds, completions,
       paywall_hits, revenue_fen, paid_orders, paying_members, paying_members_7d, paying_members_30d, active_vip, check_ins, redeems)
     select d::date, ${Math.round(members / DAYS)} + (i % 37), ${Math.round(members * 0.2)} + (i * 13) % 900, ${Math.round(members * 0.45)},
       ${Math.round(members * 0.7)}, ${members} + (i * 71) % 5000, ${members * 600} + i * 1000, ${Math.round(members * 0.6)},
       ${Math.round(members * 0.05)}, 3000000 + (i * 997) % 500000, 900 + i % 50, 850 + i % 40, 5000, 18000, ${Math.round(members / 9)}, 20000, 150
     from generate_series($1::date, $2::date, interval '1 day') with ordinality as g(d, i)`,
    [first, today],
  );
  await client.query(
    `insert into analytics_daily_revenue (day, channel, plan_id, revenue_fen, paid_orders)
     select d::date, c, p.id, p.price_fen * (20 + (extract(doy from d)::int + p.id) % 30), 20 + (extract(doy from d)::int + p.id) % 30
     from generate_series($1::date, $2::date, interval '1 day') d
       cross join unnest(array['alipay', 'wechat']) c cross join membership_plans p`,
    [first, today],
  );
  await client.query(
    `insert into analytics_daily_episodes (day, drama_id, episode_id, viewers, plays, watch_seconds, completions, completion_sum,
       paywall_hits, paywall_members, paywall_buyers)
     select d::date, e.drama_id, e.id, greatest(1, 3000 / e.sequence) + (e.id * 7 + extract(doy from d)::int) % 50,
       greatest(1, 3500 / e.sequence), greatest(1, 3000 / e.sequence) * 50, greatest(1, 2000 / e.sequence), greatest(1, 2000 / e.sequence) * 0.8,
       case when e.is_free then 0 else 400 / e.sequence end, case when e.is_free then 0 else 300 / e.sequence end,
       case when e.is_free then 0 else 30 / e.sequence end
     from generate_series($1::date, $2::date, interval '1 day') d cross join episodes e`,
    [first, today],
  );
  await client.query(
    `insert into analytics_daily_dramas (day, drama_id, viewers, plays, watch_seconds, completions, episode_viewers, completion_sum,
       paywall_hits, paywall_buyers, likes, favorites)
     select day, drama_id, max(viewers), sum(plays), sum(watch_seconds), sum(completions), sum(viewers), sum(completion_sum),
       sum(paywall_hits), sum(paywall_buyers), sum(plays) / 40, sum(plays) / 90
     from analytics_daily_episodes group by day, drama_id`,
  );
  await client.query('analyze');
}

/** One busy day of raw events (the day's members starting, reporting and hitting the paywall), aggregated as the job does. */
async function timeAggregation(client: pg.Client, database: Awaited<ReturnType<typeof openDatabase>>, today: string): Promise<void> {
  const viewers = Math.round(MEMBERS * 0.2);
  await client.query(
    `insert into analytics_events (kind, user_id, drama_id, episode_id, seconds, occurred_at)
     select k, u.id, e.drama_id, e.id, case when k = 'play' or k = 'paywall' then 0 else (u.id * 7 + s) % 120 end,
       now() - make_interval(secs => (u.id * 13 + s) % 3600)
     from (select id from users order by id limit $1) u
       cross join generate_series(1, 6) s
       cross join lateral (select id, drama_id from episodes where id = 1 + (u.id + s) % (select max(id) from episodes)) e
       cross join lateral (select case when s = 1 then 'play' when s = 6 and u.id % 10 = 0 then 'paywall' when s = 5 then 'complete' else 'progress' end as k) kinds`,
    [viewers],
  );
  await client.query('analyze analytics_events');
  const count = await client.query<{ n: string }>('select count(*) as n from analytics_events');
  const started = performance.now();
  await aggregateDay(database.db, today, TIME_ZONE, new Date());
  step(`aggregate today's ${Number(count.rows[0]?.n).toLocaleString('en')} raw events (the job, one day)`, started);
}

const throwaway = await createThrowawayDatabase('drama_bench', { serverUrl });
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-bench-analytics-'));
const children: ChildProcess[] = [];
let failed = false;
try {
  console.log(`\nAnalytics: dashboard and funnels over ${DAYS} days of daily rows for ${MEMBERS.toLocaleString('en')} members (PostgreSQL ${throwaway.name})`);
  const database = await openDatabase({ databaseUrl: throwaway.url, dataDir });
  const client = new pg.Client({ connectionString: throwaway.url });
  await client.connect();
  const today = dayOf(new Date(), TIME_ZONE);
  let dramaIds: number[] = [];
  try {
    let started = performance.now();
    await migrateToLatest(database.db);
    await seedDemo(database.db, path.join(repoRoot, 'media'));
    step('migrate and seed the demo catalogue', started);
    started = performance.now();
    await generate(client, today);
    step('generate members and a year of daily rows', started);
    await timeAggregation(client, database, today);
    const sizes = await client.query<{ name: string; rows: string }>(
      `select relname as name, n_live_tup::text as rows from pg_stat_user_tables where relname like 'analytics_%' or relname = 'users' order by relname`,
    );
    console.log(`  rows: ${sizes.rows.map((row) => `${row.name} ${Number(row.rows).toLocaleString('en')}`).join(', ')}`);
    dramaIds = (await client.query<{ id: number }>(`select id from dramas where status = 'published' order by id`)).rows.map((row) => row.id);
  } finally {
    await client.end();
    await database.close();
  }

  const barePort = 3921;
  const appPort = 3922;
  children.push(await startProcess([path.join(benchDir, 'bare-server.ts')], { PORT: String(barePort) }, /listening/));
  children.push(
    await startProcess(
      await serverArgs(),
      {
        PORT: String(appPort),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        DATABASE_URL: throwaway.url,
        ADMIN_TOKEN,
        APP_TIMEZONE: TIME_ZONE,
      },
      /Ready:/,
    ),
  );
  const api = `http://127.0.0.1:${appPort}`;
  const post = async (url: string, body: unknown) => {
    const response = await fetch(`${api}${url}`, { method: 'POST', headers: { Authorization: `Bearer ${ADMIN_TOKEN}`, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
    if (!response.ok) throw new Error(`${url}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { token: string } };
  };
  await post('/api/v1/admin/operators', { username: 'bench-owner', role: 'owner' });
  const { token } = (await post('/api/v1/admin/operators/bench-owner/tokens', { name: 'bench', role: 'owner' })).data;
  const headers = { Authorization: `Bearer ${token}` };

  const sorts = ['viewers', 'plays', 'watchMinutes', 'averageCompletion', 'paywallHits', 'paywallConversion', 'likes', 'favorites'];
  const targets: [string, string, string[] | undefined][] = [
    ['bare Fastify route (baseline)', `http://127.0.0.1:${barePort}/bare`, undefined],
    ['dashboard, today / 7 / 30 days in turn', api, ['today', '7d', '30d'].map((period) => `/api/v1/console/analytics/dashboard?period=${period}`)],
    ['dashboard, 30 days', api, ['/api/v1/console/analytics/dashboard?period=30d']],
    [
      `funnel, ${dramaIds.length} dramas x 7 / 30 / 90 days`,
      api,
      dramaIds.flatMap((id) => [7, 30, 90].map((days) => `/api/v1/console/analytics/dramas/${id}/funnel?days=${days}`)),
    ],
    ['drama list, 90 days, every sort', api, sorts.map((sort) => `/api/v1/console/analytics/dramas?days=90&sort=${sort}`)],
  ];
  console.log(`\n  ${connections} connections, ${duration} s each`);
  const rows: Array<{ call: string; 'req/s': number; 'p50 ms': number; 'p99 ms': number; errors: number; 'ratio to bare': number; budget: string }> = [];
  let baseline = 0;
  for (const [name, url, paths] of targets) {
    await settle(`${api}/api/v1/health`);
    const result = await measure(url, { ...(paths ? { paths } : {}), ...(url === api ? { headers } : {}) });
    if (baseline === 0) baseline = result.rps;
    const budgeted = url === api;
    const keeps = result.p99 < BUDGET_P99_MS && result.errors === 0;
    if (budgeted && !keeps) failed = true;
    rows.push({
      call: name,
      'req/s': Math.round(result.rps),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors,
      'ratio to bare': Number((result.rps / baseline).toFixed(2)),
      budget: budgeted ? (keeps ? `ok (p99 < ${BUDGET_P99_MS} ms)` : `OVER (p99 < ${BUDGET_P99_MS} ms)`) : '',
    });
  }
  console.table(rows);
} finally {
  await stopAll(children);
  await throwaway.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failed) {
  console.log('Analytics: over budget');
  process.exitCode = 1;
}
