// `npm run bench`: the hot catalogue reads against a bare Fastify route, in one run, on this
// machine. Each server runs in its own process; autocannon runs here. Figures are ratios to the
// baseline measured in the same run, since the machine is shared and noisy.
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { benchDir as here, connections, duration, measure, repoRoot as root, startProcess, stopAll } from './harness.js';

async function json<T>(url: string): Promise<T> {
  const response = await fetch(url);
  return ((await response.json()) as { data: T }).data;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-bench-'));
const children: ChildProcess[] = [];
try {
  const barePort = 3901;
  const appPort = 3902;
  children.push(await startProcess([path.join(here, 'bare-server.ts')], { PORT: String(barePort) }, /listening/));
  children.push(
    await startProcess(
      [path.join(root, 'apps/server/src/main.ts')],
      { PORT: String(appPort), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production', DATABASE_URL: process.env.DATABASE_URL ?? '' },
      /Ready:/,
    ),
  );
  const api = `http://127.0.0.1:${appPort}/api/v1`;
  const dramas = await json<{ items: { id: number }[] }>(`${api}/client/dramas?limit=1`);
  const dramaId = dramas.items[0]?.id ?? 1;
  const detail = await json<{ episodes: { id: number; isFree: boolean }[] }>(`${api}/client/dramas/${dramaId}`);
  const freeEpisode = detail.episodes.find((e) => e.isFree)?.id ?? 1;

  const targets: [string, string][] = [
    ['bare Fastify route (baseline)', `http://127.0.0.1:${barePort}/bare`],
    ['drama detail', `${api}/client/dramas/${dramaId}`],
    ['episode list', `${api}/client/episodes/drama/${dramaId}`],
    ['featured', `${api}/client/dramas/featured`],
    ['play address (free)', `${api}/client/episodes/${freeEpisode}/play`],
  ];
  console.log(`database: ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}; ${connections} connections, ${duration} s each`);
  const rows: Record<string, string | number>[] = [];
  let baseline = 0;
  for (const [name, url] of targets) {
    const result = await measure(url);
    if (baseline === 0) baseline = result.rps;
    rows.push({
      call: name,
      'req/s': Math.round(result.rps),
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      errors: result.errors,
      'ratio to bare': Number((result.rps / baseline).toFixed(2)),
    });
  }
  console.table(rows);
  const failing = rows.slice(1).filter((row) => Number(row['ratio to bare']) < 0.5 || Number(row['p99 ms']) >= 20);
  console.log(
    failing.length === 0
      ? 'Budget met: every hot read at >= 0.5x the bare route with p99 < 20 ms.'
      : `Over budget: ${failing.map((row) => row.call).join(', ')}`,
  );
} finally {
  await stopAll(children);
  rmSync(dataDir, { recursive: true, force: true });
}
