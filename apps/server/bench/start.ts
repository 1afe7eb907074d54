// The start budget of DESIGN.md section 6: `npm start` on an installed checkout serves the first
// page within 10 s. Runs scripts/start.mjs as `npm start` does, with its own empty data and web
// build folders, and times until the home page and its first call both answer 200, and reads the
// resident memory of the server's process (and of all npm start left running) at that moment:
//
//   first start   nothing built, no database: the web build, creating the embedded database,
//                 migrating and seeding (what a new clone does after `npm install`); the server's
//                 bundle (apps/server/dist) is the checkout's, built here only if out of date
//   later start   the same folders again: built and seeded
//
//   BENCH_START_RUNS  runs of each, the median is reported (default 3)
//   BENCH_START_PORT  the port (default 4710)
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, apiPaths } from '@drama/contracts';

const START_BUDGET_MS = 10_000;
const GIVE_UP_MS = 120_000;
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const runs = Math.max(1, Number(process.env.BENCH_START_RUNS ?? 3));
const port = Number(process.env.BENCH_START_PORT ?? 4710);
const origin = `http://127.0.0.1:${port}`;

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function answers(url: string, expect: (body: string) => boolean): Promise<boolean> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(2_000) });
    return response.ok && expect(await response.text());
  } catch {
    return false;
  }
}

/** A process's children (Linux's /proc; none elsewhere). */
function childrenOf(pid: number): number[] {
  const file = `/proc/${pid}/task/${pid}/children`;
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
}

/** A process's resident set in MB (VmRSS), 0 when it is gone or unknown. */
function residentMb(pid: number): number {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m);
    return line ? Number(line[1]) / 1024 : 0;
  } catch {
    return 0;
  }
}

interface Memory {
  /** The server's process (npm start's child), MB. */
  server: number;
  /** npm start, the server and anything they started, MB. */
  all: number;
}

/** Resident memory of npm start's server and of its whole tree; null where /proc cannot tell. */
function memoryOf(startPid: number | undefined): Memory | null {
  if (startPid === undefined || !existsSync(`/proc/${startPid}/status`)) return null;
  const [serverPid] = childrenOf(startPid);
  if (serverPid === undefined) return null;
  let all = 0;
  const pending = [startPid];
  while (pending.length > 0) {
    const pid = pending.pop() as number;
    all += residentMb(pid);
    pending.push(...childrenOf(pid));
  }
  return { server: residentMb(serverPid), all };
}

/**
 * Starts `node scripts/start.mjs`; resolves with the ms until the first page works, the memory
 * then, and the process.
 */
async function timeStart(dataDir: string, webDir: string): Promise<{ ms: number; memory: Memory | null; child: ChildProcess }> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/start.mjs')], {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, WEB_DIST_DIR: webDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    if (performance.now() - startedAt > GIVE_UP_MS) {
      // SIGTERM, which npm start passes on to the server it started.
      child.kill('SIGTERM');
      throw new Error(`npm start served nothing within ${GIVE_UP_MS} ms:\n${output}`);
    }
    const home = await answers(`${origin}/`, (body) => body.includes('<div id="root">'));
    if (home && (await answers(`${origin}${API_BASE}${apiPaths.featured()}`, (body) => body.includes('"success":true')))) {
      const ms = performance.now() - startedAt;
      return { ms, memory: memoryOf(child.pid), child };
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

const first: number[] = [];
const later: number[] = [];
const firstMemory: Memory[] = [];
const laterMemory: Memory[] = [];
for (let run = 0; run < runs; run += 1) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-start-data-'));
  const webDir = mkdtempSync(path.join(os.tmpdir(), 'drama-start-web-'));
  try {
    const cold = await timeStart(dataDir, webDir);
    first.push(cold.ms);
    if (cold.memory) firstMemory.push(cold.memory);
    await stop(cold.child);
    const warm = await timeStart(dataDir, webDir);
    later.push(warm.ms);
    if (warm.memory) laterMemory.push(warm.memory);
    await stop(warm.child);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(webDir, { recursive: true, force: true });
  }
}

const load = os.loadavg().map((value) => value.toFixed(2)).join(' ');
const row = (values: number[]) =>
  `${(median(values) / 1000).toFixed(1)} s (runs ${values.map((value) => (value / 1000).toFixed(1)).join(', ')})`;
console.log(`npm start to the first page (home and its first call answering), median of ${runs}; load average ${load}`);
console.log(`  first start (web build, new database, migrations, seed): ${row(first)}`);
console.log(`  later start (built and seeded):                          ${row(later)}`);
const memoryRow = (values: Memory[]) =>
  `server ${Math.round(median(values.map((value) => value.server)))} MB, with npm start ${Math.round(median(values.map((value) => value.all)))} MB`;
if (firstMemory.length > 0 && laterMemory.length > 0) {
  console.log('Resident memory at the first page, median:');
  console.log(`  first start: ${memoryRow(firstMemory)}`);
  console.log(`  later start: ${memoryRow(laterMemory)}`);
}
const missed = [
  ...(median(first) > START_BUDGET_MS ? [`first start: ${row(first)} > ${START_BUDGET_MS / 1000} s`] : []),
  ...(median(later) > START_BUDGET_MS ? [`later start: ${row(later)} > ${START_BUDGET_MS / 1000} s`] : []),
];
if (missed.length > 0) {
  console.log(`Start budget MISSED:\n  ${missed.join('\n  ')}`);
  process.exit(1);
}
console.log(`Start budget: met (${START_BUDGET_MS / 1000} s)`);
