// Lighthouse (mobile defaults: Moto G Power viewport, simulated slow 4G and 4x CPU slowdown) on
// the built app in Debian's Chromium, and the first route's JavaScript as a cold load of /
// downloads it. Builds nothing: it serves WEB_DIST_DIR (default apps/web/dist) with the real
// server. Exits non-zero naming every budget of DESIGN.md section 6 that was missed.
//
//   LIGHTHOUSE_RUNS   runs per page, the median is reported (default 3; the machine is shared)
//   LIGHTHOUSE_PORT   the server's port (default 4301)
//   LIGHTHOUSE_PAGES  only these pages, comma-separated (e.g. `/,/explore`; `/player` for the player)
//   LIGHTHOUSE_REPORT_DIR  also write each run's full report there as JSON, to see where time went
//   LIGHTHOUSE_PROTOCOL  h2 (default): the server speaks HTTP/2 over TLS, as every phone meets the
//                  app behind a load balancer or CDN (DESIGN.md section 1), with the self-signed
//                  certificate of apps/server/test/support/tls; http1: plain HTTP/1.1, which
//                  no deployment serves a phone but which shows what the protocol is worth
//   LIGHTHOUSE_BASELINE_DIST  a second build (e.g. of an earlier commit) served beside the first on
//                  the next port and audited in turn with it, run for run, so that both sets of
//                  figures share the host's load; its medians print as a table of their own and
//                  the budgets are judged on WEB_DIST_DIR alone
//
// The 4x CPU slowdown is relative to this machine: Lighthouse's benchmark index of the host is
// printed beside the scores (its documentation takes about 1000 for a mid-tier phone unthrottled
// and expects a desktop well above it), so a slow or busy host reads as a slower phone.
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { COVER_WIDTHS, coverVariantUrl } from '@drama/contracts';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildServer, SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../../../scripts/build-server.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const distDir = path.resolve(repoRoot, process.env.WEB_DIST_DIR ?? 'apps/web/dist');
const runs = Math.max(1, Number(process.env.LIGHTHOUSE_RUNS ?? 3));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4301);
const reportDir = process.env.LIGHTHOUSE_REPORT_DIR ? path.resolve(process.env.LIGHTHOUSE_REPORT_DIR) : undefined;
let reportCount = 0;
const protocol = process.env.LIGHTHOUSE_PROTOCOL ?? 'h2';
if (protocol !== 'h2' && protocol !== 'http1') throw new Error(`LIGHTHOUSE_PROTOCOL is h2 or http1, not ${protocol}`);
const tls = protocol === 'h2';
/** The test certificate for localhost and 127.0.0.1 (apps/server/test/support/tls.ts says how it was made). */
const TLS_CERT = path.join(repoRoot, 'apps/server/test/support/tls/localhost-cert.pem');
const TLS_KEY = path.join(repoRoot, 'apps/server/test/support/tls/localhost-key.pem');

/** DESIGN.md section 6. /category is not named there; it is held to the same score. */
const SCORE_BUDGET = 95;
const FIRST_ROUTE_JS_BUDGET_KB = 150;

interface PageResult {
  score: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  benchmarkIndex: number;
  /** Same-origin scripts the page itself fetched (the service worker's precache excluded). */
  scripts: string[];
}

interface NetworkItem {
  url: string;
  protocol?: string;
  resourceType?: string;
  sessionTargetType?: string;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

async function startServer(dataDir: string, webDir: string, serverPort: number): Promise<ChildProcess> {
  // The server as `npm start` runs it: its bundle, with the same Node flags.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: repoRoot,
    env: {
      PATH: process.env.PATH,
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST_DIR: webDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      // Every run is a first visit; a 10% sample would make some runs send beacons.
      VITALS_ENABLED: 'false',
      ...(tls ? { TLS_CERT, TLS_KEY } : {}),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const deadline = Date.now() + 240_000;
  while (!/Ready:/.test(output)) {
    if (child.exitCode !== null) throw new Error(`the server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return child;
}

/** How often a run that lost its trace is tried again before the bench gives up. */
const TRACE_RETRIES = 3;

/**
 * Lighthouse sometimes loses the start of its own trace (NO_NAVSTART, with the advice to run it
 * again), now and then twice in a row: such a run is run again, up to three times, and said so.
 */
async function auditWithRetry(url: string): Promise<PageResult> {
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await audit(url);
    } catch (error) {
      if (attempt === TRACE_RETRIES || !(error instanceof Error) || !/NO_NAVSTART|NO_FCP/.test(error.message)) throw error;
      console.warn(`${error.message.split('\n')[0]}; running it again`);
    }
  }
}

async function audit(url: string): Promise<PageResult> {
  const chrome = await chromeLauncher.launch({
    chromePath: '/usr/bin/chromium',
    // The certificate is self-signed: without the flag Chrome stops at its warning page.
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', ...(tls ? ['--ignore-certificate-errors'] : [])],
  });
  try {
    const result = await lighthouse(url, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    if (reportDir) {
      mkdirSync(reportDir, { recursive: true });
      reportCount += 1;
      const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
      writeFileSync(path.join(reportDir, `${String(reportCount).padStart(2, '0')}-${name}.json`), JSON.stringify(lhr));
    }
    const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const details = lhr.audits['network-requests']?.details as { items?: NetworkItem[] } | undefined;
    const origin = new URL(url).origin;
    const document = (details?.items ?? []).find((item) => item.resourceType === 'Document');
    const expected = tls ? 'h2' : 'http/1.1';
    if (document?.protocol !== expected) throw new Error(`${url} was loaded over ${document?.protocol}, not ${expected}`);
    const scripts = (details?.items ?? [])
      .filter((item) => item.resourceType === 'Script' && item.sessionTargetType === 'page' && item.url.startsWith(origin))
      .map((item) => new URL(item.url).pathname);
    return {
      score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
      fcpMs: numeric('first-contentful-paint'),
      lcpMs: numeric('largest-contentful-paint'),
      cls: numeric('cumulative-layout-shift'),
      tbtMs: numeric('total-blocking-time'),
      benchmarkIndex: lhr.environment.benchmarkIndex,
      scripts: [...new Set(scripts)],
    };
  } finally {
    chrome.kill();
  }
}

/** GET from the server under test, trusting its test certificate (fetch would refuse it). */
function get(url: string): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const client = url.startsWith('https:') ? https : http;
    const options = url.startsWith('https:') ? { ca: readFileSync(TLS_CERT) } : {};
    client
      .get(url, options, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      })
      .on('error', reject);
  });
}

async function getJson<T>(url: string): Promise<T> {
  const { status, body } = await get(url);
  if (status !== 200) throw new Error(`${url} answered ${status}`);
  return JSON.parse(body.toString('utf8')) as T;
}

/**
 * A cover's size variant is made on its first request (a resize of 50 to 100 ms); a server in
 * service made its covers' long ago, so each new server asks for all of them before the runs,
 * which then measure a visitor's first visit, not the server's.
 */
async function warmCoverVariants(base: string): Promise<void> {
  const list = await getJson<{ data: { items: { coverUrl: string }[] } }>(`${base}/api/v1/client/dramas?limit=100`);
  const variants = list.data.items.flatMap((drama) => COVER_WIDTHS.map((width) => coverVariantUrl(drama.coverUrl, width)));
  for (const variant of variants) {
    if (!variant) continue;
    const { status } = await get(new URL(variant, base).href);
    if (status !== 200) throw new Error(`${variant} answered ${status}`);
  }
}

/** Gzip (default level, as a server or CDN would) of each built file, summed, in KB. */
function gzippedKb(files: string[]): number {
  let bytes = 0;
  for (const file of files) bytes += gzipSync(readFileSync(path.join(distDir, file))).length;
  return bytes / 1024;
}

function summary(page: string, results: PageResult[], scripts: string[]): Record<string, string | number> {
  return {
    page,
    score: median(results.map((r) => r.score)),
    'scores (all runs)': results.map((r) => r.score).join(' '),
    'FCP ms': Math.round(median(results.map((r) => r.fcpMs))),
    'LCP ms': Math.round(median(results.map((r) => r.lcpMs))),
    CLS: Number(median(results.map((r) => r.cls)).toFixed(3)),
    'TBT ms': Math.round(median(results.map((r) => r.tbtMs))),
    'benchmark index': Math.round(median(results.map((r) => r.benchmarkIndex))),
    'JS gz KB': Number(gzippedKb(scripts).toFixed(1)),
  };
}

const baselineDir = process.env.LIGHTHOUSE_BASELINE_DIST ? path.resolve(repoRoot, process.env.LIGHTHOUSE_BASELINE_DIST) : undefined;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-lighthouse-'));
const baselineDataDir = baselineDir ? mkdtempSync(path.join(os.tmpdir(), 'drama-lighthouse-baseline-')) : undefined;
const servers: ChildProcess[] = [];
let failed = false;
try {
  readFileSync(path.join(distDir, 'index.html'));
  if (baselineDir) readFileSync(path.join(baselineDir, 'index.html'));
  await buildServer();
  servers.push(await startServer(dataDir, distDir, port));
  if (baselineDir && baselineDataDir) servers.push(await startServer(baselineDataDir, baselineDir, port + 1));
  const scheme = tls ? 'https' : 'http';
  const base = `${scheme}://127.0.0.1:${port}`;
  const baselineBase = `${scheme}://127.0.0.1:${port + 1}`;
  await warmCoverVariants(base);
  if (baselineDir) await warmCoverVariants(baselineBase);
  const list = await getJson<{ data: { items: { id: number }[] } }>(`${base}/api/v1/client/dramas?limit=1`);
  const dramaId = list.data.items[0]?.id;
  if (dramaId === undefined) throw new Error('the catalogue is empty');

  const pages: { path: string; budget: number }[] = [
    { path: '/', budget: SCORE_BUDGET },
    { path: '/explore', budget: SCORE_BUDGET },
    { path: `/player/${dramaId}`, budget: SCORE_BUDGET },
    { path: '/category', budget: SCORE_BUDGET },
  ];
  const only = process.env.LIGHTHOUSE_PAGES?.split(',').map((page) => page.trim());
  const chosen = only ? pages.filter((page) => only.some((name) => page.path === name || page.path.startsWith(`${name}/`))) : pages;
  const rows: Record<string, string | number>[] = [];
  const baselineRows: Record<string, string | number>[] = [];
  const missed: string[] = [];
  let firstRouteScripts: string[] = [];
  for (const page of chosen) {
    const results: PageResult[] = [];
    const baselineResults: PageResult[] = [];
    for (let run = 0; run < runs; run += 1) {
      results.push(await auditWithRetry(`${base}${page.path}`));
      if (baselineDir) baselineResults.push(await auditWithRetry(`${baselineBase}${page.path}`));
    }
    const scripts = [...new Set(results.flatMap((r) => r.scripts))];
    if (page.path === '/') firstRouteScripts = scripts;
    const row = summary(page.path, results, scripts);
    rows.push(row);
    // The baseline's scripts are its own build's files, measured from its own folder.
    if (baselineDir) baselineRows.push({ ...summary(page.path, baselineResults, []), 'JS gz KB': '-' });
    if (Number(row.score) < page.budget) missed.push(`Lighthouse performance on ${page.path}: ${row.score} < ${page.budget}`);
  }
  const firstRouteKb = gzippedKb(firstRouteScripts);
  if (!chosen.some((page) => page.path === '/')) missed.push('the first route (/) was not measured');
  else if (firstRouteKb >= FIRST_ROUTE_JS_BUDGET_KB) {
    missed.push(`first route's JavaScript: ${firstRouteKb.toFixed(1)} KB gzipped >= ${FIRST_ROUTE_JS_BUDGET_KB} KB`);
  }

  console.log(`Lighthouse ${runs} run(s) per page, mobile defaults, ${tls ? 'HTTP/2 over TLS' : 'plain HTTP/1.1'}, median; load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);
  console.table(rows);
  if (baselineDir) {
    console.log(`baseline ${path.relative(repoRoot, baselineDir) || baselineDir}, audited in turn with the build above:`);
    console.table(baselineRows);
  }
  console.log(`first route (/) JavaScript: ${firstRouteKb.toFixed(1)} KB gzipped in ${firstRouteScripts.length} files:`);
  for (const file of firstRouteScripts) console.log(`  ${file} ${gzippedKb([file]).toFixed(1)} KB`);
  if (missed.length > 0) {
    failed = true;
    console.error(`Over budget:\n  ${missed.join('\n  ')}`);
  } else {
    console.log(`Budgets met: performance >= ${SCORE_BUDGET} on every page, first route's JS < ${FIRST_ROUTE_JS_BUDGET_KB} KB gzipped.`);
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await Promise.all(
    servers.map((server) => {
      if (server.exitCode !== null) return undefined;
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      return exited;
    }),
  );
  rmSync(dataDir, { recursive: true, force: true });
  if (baselineDataDir) rmSync(baselineDataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
