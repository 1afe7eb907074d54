// What the benchmarks share: starting a server in its own process and measuring a target
// with autocannon (warm-up first, then the measured run).
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';

export const benchDir = path.dirname(fileURLToPath(import.meta.url));
export const repoRoot = path.resolve(benchDir, '../../..');
export const duration = Number(process.env.BENCH_DURATION ?? 10);
export const connections = Number(process.env.BENCH_CONNECTIONS ?? 64);

let built: Promise<void> | undefined;

/**
 * The arguments that run the server as `npm start` does: its bundle, with the same flags
 * (`extraFlags` after them). The bundle is built afresh once per benchmark run, so what is
 * measured is the checkout's code.
 */
export async function serverArgs(extraFlags: string[] = []): Promise<string[]> {
  built ??= buildServer();
  await built;
  return [...SERVER_NODE_FLAGS, ...extraFlags, SERVER_BUNDLE];
}

/**
 * Runs an entry point (TypeScript through tsx, such as the bare server; the server's bundle from
 * serverArgs as it is) and resolves once its output matches `ready`.
 */
export function startProcess(args: string[], env: NodeJS.ProcessEnv, ready: RegExp): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const loader = args.some((arg) => arg.endsWith('.ts')) ? ['--import', 'tsx'] : [];
    const child = spawn(process.execPath, [...loader, ...args], { cwd: repoRoot, env: { ...process.env, ...env } });
    let output = '';
    const timer = setTimeout(() => reject(new Error(`timed out starting ${args.join(' ')}:\n${output}`)), 120_000);
    const onData = (chunk: Buffer) => {
      // Only the last part is needed to report a failed start; a long run must not grow it.
      output = (output + chunk.toString()).slice(-64_000);
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve(child);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code, signal) => {
      if (signal !== 'SIGTERM' && code !== 0) process.stderr.write(`${args.join(' ')} exited with ${code ?? signal}:\n${output}\n`);
      reject(new Error(`exited with ${code ?? signal}:\n${output}`));
    });
  });
}

export interface Measurement {
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Answers other than 2xx, by status code. */
  refusals?: Record<string, number>;
}

function refusalsOf(result: autocannon.Result): Record<string, number> {
  const stats = (result as autocannon.Result & { statusCodeStats?: Record<string, { count: number }> }).statusCodeStats ?? {};
  return Object.fromEntries(Object.entries(stats).filter(([code]) => !code.startsWith('2')).map(([code, stat]) => [code, stat?.count ?? 0]));
}

/**
 * Measures one target. `paths`, when given, are requested in turn (one list shared by every
 * connection), so that a target can spread over keywords or cursors instead of one URL.
 */
export async function measure(url: string, options: { paths?: string[]; headers?: Record<string, string> } = {}): Promise<Measurement> {
  const { paths, headers = {} } = options;
  let next = 0;
  const requests = paths
    ? [
        {
          setupRequest: (request: autocannon.Request) => {
            request.path = paths[next % paths.length];
            next += 1;
            return request;
          },
        },
      ]
    : undefined;
  const run = (seconds: number) =>
    autocannon({ url, connections, duration: seconds, headers, ...(requests ? { requests } : {}) });
  // Warm up caches and the JIT, then measure.
  await run(2);
  const result = await run(duration);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    refusals: refusalsOf(result),
  };
}

/** What one connection sends next: a request built afresh for each call. */
export interface LoadRequest {
  method?: 'GET' | 'POST' | 'DELETE';
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadOptions {
  connections: number;
  seconds: number;
  warmUpSeconds?: number;
  /**
   * Requests each connection sends in turn; `next` builds the n-th call of the whole run (all
   * connections share one counter), `onResponse` may keep what a later step of a sequence needs.
   */
  steps: {
    next: (n: number, context: Record<string, unknown>) => LoadRequest;
    onResponse?: (status: number, body: string, context: Record<string, unknown>) => void;
  }[];
}

/** Drives `origin` with `steps` for a warm-up and then for the measured time. */
export async function load(origin: string, options: LoadOptions): Promise<Measurement> {
  const { connections: level, seconds, warmUpSeconds = 2, steps } = options;
  const requests = steps.map((step) => {
    let count = 0;
    return {
      setupRequest: (request: autocannon.Request, context: object) => {
        const call = step.next(count++, context as Record<string, unknown>);
        request.method = call.method ?? 'GET';
        request.path = call.path;
        request.headers = { ...call.headers, ...(call.body === undefined ? {} : { 'content-type': 'application/json' }) };
        request.body = call.body ?? '';
        return request;
      },
      ...(step.onResponse
        ? {
            onResponse: (status: number, body: string, context: object) =>
              step.onResponse?.(status, body, context as Record<string, unknown>),
          }
        : {}),
    };
  });
  const run = (time: number) => autocannon({ url: origin, connections: level, duration: time, requests });
  if (warmUpSeconds > 0) await run(warmUpSeconds);
  const result = await run(seconds);
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    // Connection errors already include timeouts.
    errors: result.errors + result.non2xx,
  };
}

export function stopAll(children: ChildProcess[]): Promise<void> {
  for (const child of children) child.kill('SIGTERM');
  return new Promise((resolve) => setTimeout(resolve, 500));
}

/** The host's busy and total CPU time so far, from /proc/stat (Linux); null elsewhere. */
function cpuTimes(): { busy: number; total: number } | null {
  try {
    const fields = readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
    const total = fields.reduce((sum, value) => sum + value, 0);
    // idle and iowait
    const idle = (fields[3] ?? 0) + (fields[4] ?? 0);
    return { busy: total - idle, total };
  } catch {
    return null;
  }
}

/**
 * Waits until the host has been nearly idle for a second (at most `limitMs`): a row measured
 * right after a heavy one otherwise shares the cores with what that one left behind (the
 * database's checkpoint, the other server's collection of its garbage).
 */
export async function quietHost(limitMs = 30_000, busyAtMost = 0.1): Promise<void> {
  const until = Date.now() + limitMs;
  while (Date.now() < until) {
    const before = cpuTimes();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const after = cpuTimes();
    if (!before || !after) return;
    const total = after.total - before.total;
    if (total > 0 && (after.busy - before.busy) / total <= busyAtMost) return;
  }
}
