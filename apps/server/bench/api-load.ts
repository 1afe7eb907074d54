// The API under load: hot reads, the home page's other lists, sign-in, the player's calls and
// an order's life, at 64 and 256 connections, on PGlite and on PostgreSQL (a throwaway
// database on PG_ADMIN_URL), each call against a bare Fastify route measured in the same run.
// Exits 1 when a hot read misses the budget of DESIGN.md section 6 or any call has errors.
//
// BENCH_DURATION (seconds per call, default 5), BENCH_CONNECTIONS (one level instead of 64 and
// 256), BENCH_RETRIES (extra measurements of a hot read over budget, default 2), BENCH_DATABASES
// (pglite,postgres), BENCH_LOG_LEVEL (the server's LOG_LEVEL, default warn), BENCH_HOT_ONLY=1
// (the budgeted reads only), BENCH_CPU_PROF (a folder: the servers write V8 CPU profiles there).
import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { discoverCatalogue, hotReads, memberCalls, publicReads, type Target } from './api-targets.js';
import { API_BUDGET, better, budgetMisses, type CallResult, ratioToBare, verdict } from './budget.js';
import { benchDir, load, type Measurement, serverArgs, startProcess, stopAll } from './harness.js';
import { PG_ADMIN_URL, createThrowawayDatabase, type ThrowawayDatabase } from '../test/support/throwaway-database.js';
import { prepareDatabase } from './members.js';

const seconds = Number(process.env.BENCH_DURATION ?? 5);
const levels = process.env.BENCH_CONNECTIONS ? [Number(process.env.BENCH_CONNECTIONS)] : [API_BUDGET.connections, 256];
const retries = Number(process.env.BENCH_RETRIES ?? 2);
const wanted = (process.env.BENCH_DATABASES ?? 'pglite,postgres').split(',').map((name) => name.trim());
const hotOnly = process.env.BENCH_HOT_ONLY === '1';
const cpuProfiles = process.env.BENCH_CPU_PROF;
const MEMBERS = 2_000;
const PORTS = { bare: 4500, pglite: 4501, postgres: 4502 };

function machine(): string {
  const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
  return `${new Date().toISOString()}; ${os.cpus().length} cores; load average ${load}; Node ${process.version}`;
}

/** A throwaway PostgreSQL database, or why there is none. */
async function throwawayDatabase(): Promise<ThrowawayDatabase | { unreachable: string }> {
  try {
    return await createThrowawayDatabase('drama_load', { connectionTimeoutMillis: 3_000 });
  } catch (error) {
    return { unreachable: `PostgreSQL at ${PG_ADMIN_URL} is unreachable: ${error instanceof Error ? error.message : String(error)}` };
  }
}

function row(result: CallResult): Record<string, string | number> {
  const misses = budgetMisses(result);
  return {
    call: result.call,
    conns: result.connections,
    'req/s': Math.round(result.rps),
    'p50 ms': result.p50,
    'p99 ms': result.p99,
    errors: result.errors,
    'x bare': result.kind === 'sign-in' || result.kind === 'baseline' ? '-' : Number(ratioToBare(result).toFixed(2)),
    budget: result.kind === 'hot' && result.connections === API_BUDGET.connections ? (misses.length === 0 ? 'met' : 'MISSED') : misses.length > 0 ? 'ERRORS' : '-',
    runs: result.attempts,
  };
}

/** One round of a target's calls, one at a time, so that a call that cannot succeed is named before the load. */
async function preflight(origin: string, target: Target): Promise<void> {
  const context: Record<string, unknown> = {};
  for (const step of target.steps) {
    const call = step.next(0, context);
    const response = await fetch(`${origin}${call.path}`, {
      method: call.method ?? 'GET',
      headers: { ...call.headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: call.body,
    });
    const body = await response.text();
    if (!response.ok) throw new Error(`${target.call}: ${call.method ?? 'GET'} ${call.path} answered ${response.status} ${body}`);
    step.onResponse?.(response.status, body, context);
  }
}

/**
 * Waits until the server answers its health check quickly again (or 60 s pass): writes still
 * queued from the call before must not be counted against the next one.
 */
async function settle(origin: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const started = performance.now();
    const response = await fetch(`${origin}/api/v1/health`).catch(() => null);
    if (response?.ok && performance.now() - started < 100) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function measureDatabase(database: string, databaseUrl: string | undefined, bareOrigin: string): Promise<CallResult[]> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-load-'));
  const children: ChildProcess[] = [];
  try {
    const jwtSecret = randomBytes(32).toString('hex');
    const started = performance.now();
    const members = await prepareDatabase({ databaseUrl, dataDir, jwtSecret, members: MEMBERS, vipMembers: MEMBERS / 2 });
    const port = databaseUrl ? PORTS.postgres : PORTS.pglite;
    children.push(
      await startProcess(
        await serverArgs(cpuProfiles ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(cpuProfiles)}`] : []),
        {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          DATABASE_URL: databaseUrl ?? '',
          REDIS_URL: '',
          JWT_SECRET: jwtSecret,
          NODE_ENV: 'production',
          LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
          TRUST_PROXY: 'true',
        },
        /Ready:/,
      ),
    );
    const origin = `http://127.0.0.1:${port}`;
    const catalogue = await discoverCatalogue(origin);
    console.log(
      `\n${database}: ready in ${((performance.now() - started) / 1000).toFixed(1)} s; ${catalogue.dramaIds.length} dramas, ` +
        `${catalogue.freeEpisodes.length} free and ${catalogue.lockedEpisodes.length} locked episodes, ${members.length} members (half VIP)`,
    );

    for (const target of [...hotReads(catalogue), publicReads(catalogue), ...memberCalls(catalogue, members)]) await preflight(origin, target);

    const results: CallResult[] = [];
    for (const [index, connections] of levels.entries()) {
      const bare = () => load(bareOrigin, { connections, seconds, steps: [{ next: () => ({ path: '/bare' }) }] });
      const result = (target: Target, measured: Measurement, baselineRps: number, attempts = 1): CallResult => ({
        database,
        connections,
        call: target.call,
        kind: target.kind,
        ...measured,
        baselineRps,
        attempts,
      });
      const before = await bare();
      const hot: CallResult[] = [];
      for (const target of hotReads(catalogue)) hot.push(result(target, await load(origin, { connections, seconds, steps: target.steps }), before.rps));
      const after = await bare();
      const baselineRps = (before.rps + after.rps) / 2;
      results.push(
        result({ call: 'bare Fastify route (baseline)', kind: 'baseline', steps: [] }, { ...before, rps: baselineRps, p99: Math.max(before.p99, after.p99) }, baselineRps, 2),
      );
      for (const [position, target] of hotReads(catalogue).entries()) {
        let best: CallResult = { ...(hot[position] as CallResult), baselineRps };
        // The machine is shared: a hot read over budget is measured again beside a fresh baseline, the best kept.
        for (let attempt = 2; attempt <= retries + 1 && budgetMisses(best).length > 0; attempt += 1) {
          const baseline = await bare();
          const again = result(target, await load(origin, { connections, seconds, steps: target.steps }), baseline.rps, attempt);
          best = { ...better(best, again), attempts: attempt };
        }
        results.push(best);
      }
      for (const target of [publicReads(catalogue), ...memberCalls(catalogue, members)]) {
        if (hotOnly || (target.firstLevelOnly && index > 0)) continue;
        await settle(origin);
        results.push(result(target, await load(origin, { connections, seconds, steps: target.steps }), baselineRps));
      }
      await settle(origin);
    }
    return results;
  } finally {
    await stopAll(children);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const children: ChildProcess[] = [];
let exitCode = 1;
try {
  console.log(`API load: ${machine()}`);
  console.log(`${levels.join(' and ')} connections, ${seconds} s per call after a 2 s warm-up; up to ${retries} more runs of a hot read over budget`);
  children.push(await startProcess([path.join(benchDir, 'bare-server.ts')], { PORT: String(PORTS.bare) }, /listening/));
  const bareOrigin = `http://127.0.0.1:${PORTS.bare}`;
  const results: CallResult[] = [];
  const skipped: { database: string; reason: string }[] = [];
  if (wanted.includes('pglite')) {
    const measured = await measureDatabase('PGlite', undefined, bareOrigin);
    console.table(measured.map(row));
    results.push(...measured);
  }
  if (wanted.includes('postgres')) {
    const database = await throwawayDatabase();
    if ('unreachable' in database) {
      skipped.push({ database: 'PostgreSQL', reason: database.unreachable });
    } else {
      try {
        const measured = await measureDatabase('PostgreSQL', database.url, bareOrigin);
        console.table(measured.map(row));
        results.push(...measured);
      } finally {
        await database.drop();
      }
    }
  }
  const { passed, lines } = verdict(results, skipped);
  console.log(`\nAfter the run: ${machine()}`);
  for (const line of lines) console.log(line);
  console.log(passed ? 'API budget: MET' : 'API budget: MISSED');
  exitCode = passed ? 0 : 1;
} finally {
  await stopAll(children);
}
process.exit(exitCode);
