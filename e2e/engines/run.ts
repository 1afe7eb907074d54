import { spawn } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { API_BASE, apiPaths, dramaDetailResponseSchema } from '@drama/contracts';
import type { Driver } from './driver';
import { openFirefox } from './firefox';
import { runJourney, type Catalogue } from './journey';
import { startProxy } from './proxy';
import { openWebKit } from './webkit';

/*
 * `npm run test:engines`: the main journeys in Firefox and WebKit (journey.ts), against one
 * server of their own built like the Playwright run's (playwright.config.ts), one engine after
 * the other (the machine has two cores). Exits non-zero on any failed step or any problem a page
 * reported. ENGINES=firefox or ENGINES=webkit runs one; ENGINES_PORT (and the two ports after
 * it), ENGINES_DATA_DIR and ENGINES_WEB_DIST let runs stand side by side.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PORT = Number(process.env.ENGINES_PORT ?? 3230);
const DATA_DIR = path.resolve(root, process.env.ENGINES_DATA_DIR ?? '.e2e-engines-data');
const RESULTS = `${DATA_DIR}-results`;
const WEB_DIST = process.env.ENGINES_WEB_DIST ? path.resolve(root, process.env.ENGINES_WEB_DIST) : undefined;
const ENGINES = (process.env.ENGINES ?? 'firefox,webkit').split(',').map((name) => name.trim());
/** A hung browser must not hang `npm test`. */
const ENGINE_TIMEOUT_MS = 240_000;

const say = (line: string) => process.stdout.write(`${line}\n`);

function startServer() {
  rmSync(DATA_DIR, { recursive: true, force: true });
  const server = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // As in the Playwright run: loopback is exempt from the per-address limits, and the
      // sign-up's quick check, when asked for, is quick.
      TRUST_PROXY: 'true',
      LIMIT_EXEMPT_ADDRESSES: '127.0.0.1',
      CHALLENGE_MAX_COUNTER: '300',
      ...(WEB_DIST ? { WEB_DIST_DIR: WEB_DIST } : {}),
    },
  });
  return server;
}

async function waitForHealth(url: string, server: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 300_000;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server exited with ${server.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet (a first start builds the app and seeds the database).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('the server did not answer within 300 s');
}

/** A drama of each kind from the seeded catalogue: the journeys name no fixed ids. */
async function findCatalogue(origin: string): Promise<Catalogue> {
  let mp4: Catalogue['mp4'] | undefined;
  let hls: Catalogue['hls'] | undefined;
  for (let id = 1; id <= 30 && !(mp4 && hls); id += 1) {
    const response = await fetch(`${origin}${API_BASE}${apiPaths.drama(id)}`, { headers: { 'Accept-Language': 'en-US' } });
    if (!response.ok) continue;
    const { episodes } = dramaDetailResponseSchema.parse(await response.json()).data;
    const [first, second] = episodes;
    const locked = episodes.find((episode) => !episode.isFree);
    if (!first?.playUrl || !second?.isFree || !locked) continue;
    if (!mp4 && first.playUrl.includes('/video.mp4')) mp4 = { drama: id, episode: first.id };
    if (!hls && first.playUrl.includes('.m3u8')) hls = { drama: id, episodes: [first.id, second.id], locked: locked.id };
  }
  if (!mp4 || !hls) throw new Error('the seeded catalogue has no MP4 drama or no HLS drama');
  return { mp4, hls };
}

async function withTimeout<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

async function main(): Promise<number> {
  const startedAt = Date.now();
  mkdirSync(RESULTS, { recursive: true });
  const server = startServer();
  const target = `http://127.0.0.1:${PORT}`;
  let failed = 0;
  let passed = 0;
  try {
    await waitForHealth(`${target}${API_BASE}/health`, server);
    const proxy = await startProxy(target, PORT + 1);
    try {
      const catalogue = await findCatalogue(proxy.origin);
      say(`[engines] MP4 drama ${catalogue.mp4.drama}, HLS drama ${catalogue.hls.drama}; server ready after ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
      const pay = async (address: string) => {
        const orderNo = address.split('/').pop();
        const response = await fetch(`${proxy.origin}${API_BASE}/sandbox/checkout/${orderNo}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ result: 'success' }),
        });
        if (!response.ok) throw new Error(`the sandbox checkout answered ${response.status}: ${await response.text()}`);
      };

      for (const engine of ENGINES) {
        const engineStart = Date.now();
        say(`[engines] ${engine}`);
        const errorsBefore = proxy.serverErrors.length;
        let driver: Driver | null = null;
        const failures: string[] = [];
        try {
          const run = async () => {
            driver = engine === 'firefox' ? await openFirefox(proxy.origin) : engine === 'webkit' ? await openWebKit(proxy.origin, PORT + 2) : null;
            if (!driver) throw new Error(`no such engine: ${engine}`);
            await runJourney({ driver, catalogue, pay, note: say });
            const problems = [...(await driver.call<string[]>('problems')), ...driver.browserProblems()];
            failures.push(...problems);
          };
          await withTimeout(run(), ENGINE_TIMEOUT_MS, engine);
        } catch (error) {
          failures.push(error instanceof Error ? error.message : String(error));
          const open = driver as Driver | null;
          if (open) {
            const shot = path.join(RESULTS, `${engine}-failure.png`);
            await withTimeout(open.screenshot(shot), 15_000, 'the screenshot').then(
              () => failures.push(`screenshot: ${shot}`),
              () => undefined,
            );
            // The page's own account of what went wrong before the failure.
            await withTimeout(open.call<string[]>('problems'), 15_000, 'reading the problems').then(
              (problems) => failures.push(...problems),
              () => undefined,
            );
          }
        } finally {
          const open = driver as Driver | null;
          if (open) await withTimeout(open.close(), 30_000, 'closing the browser').catch(() => undefined);
        }
        failures.push(...proxy.serverErrors.slice(errorsBefore).map((line) => `server error: ${line}`));
        const seconds = ((Date.now() - engineStart) / 1000).toFixed(1);
        if (failures.length === 0) {
          passed += 1;
          say(`[engines] ${engine} passed in ${seconds} s`);
        } else {
          failed += 1;
          say(`[engines] ${engine} FAILED in ${seconds} s:`);
          for (const line of failures) say(`    ${line}`);
        }
      }
    } finally {
      await proxy.close();
    }
  } finally {
    server.kill('SIGTERM');
  }
  say(`[engines] wall time ${((Date.now() - startedAt) / 1000).toFixed(1)} s`);
  say(`${passed} passed, ${failed} failed`);
  return failed === 0 && passed === ENGINES.length ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
