import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { START_SCRIPT, type ServerProcess, startServer, stopServer, waitForOutput, waitUntilReady } from '../support/server-process.js';

// `npm start` (scripts/start.mjs) on a checkout without a web build: the build and the
// database's preparation run side by side, and the server reads the build only once it is done.
const scratch = mkdtempSync(path.join(os.tmpdir(), 'drama-start-'));
const started: ServerProcess[] = [];

function start(env: Record<string, string>): ServerProcess {
  const running = startServer({ PORT: '0', ...env }, START_SCRIPT);
  started.push(running);
  return running;
}

// A test that times out leaves its process running: end them all before removing their data
// (SIGTERM, which npm start passes on to the server it started).
afterAll(async () => {
  await Promise.all(started.map((running) => stopServer(running)));
  rmSync(scratch, { recursive: true, force: true });
});

describe('npm start without a web build', () => {
  it('builds the app while the database is made, then serves the new build with its scripts allowed', async () => {
    const webDir = path.join(scratch, 'web');
    const run = start({ DATA_DIR: path.join(scratch, 'data'), WEB_DIST_DIR: webDir });
    const origin = await waitUntilReady(run);
    const lines = run.output().split('\n').filter((line) => line.startsWith('[start]'));
    // Both under way before either has finished.
    const building = lines.findIndex((line) => line.includes('Building the web app'));
    const opening = lines.findIndex((line) => line.includes('Opening the embedded database'));
    const built = lines.findIndex((line) => line.includes('The web app is built'));
    const seeded = lines.findIndex((line) => /Seeded \d+ dramas/.test(line));
    expect(Math.max(building, opening), lines.join('\n')).toBeLessThan(Math.min(built, seeded));

    const home = await fetch(`${origin}/`);
    expect(home.status).toBe(200);
    expect(await home.text()).toBe(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
    // The CSP was made from this build: its inline script's hash is allowed.
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    await stopServer(run);
    expect(await run.exited).toBe(0);
  }, 300_000);

  it('stops with the build failure, the database closed cleanly for the next start', async () => {
    const dataDir = path.join(scratch, 'data-2');
    const notAFolder = path.join(scratch, 'a-file');
    writeFileSync(notAFolder, 'not a folder');
    const failing = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(notAFolder, 'web') });
    expect(await failing.exited).not.toBe(0);
    expect(failing.output()).toContain('[start] The web build failed');
    expect(failing.output()).not.toContain('Ready:');

    const again = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(scratch, 'web') });
    await waitForOutput(again, /Demo catalogue already present/, 240_000);
    await waitUntilReady(again);
    await stopServer(again);
    expect(await again.exited).toBe(0);
  }, 300_000);

  it('refuses to build into a chosen folder that holds something other than a build, and leaves it alone', async () => {
    const folder = path.join(scratch, 'someone-elses');
    mkdirSync(folder);
    writeFileSync(path.join(folder, 'notes.txt'), 'keep me');
    const refused = start({ DATA_DIR: path.join(scratch, 'data-3'), WEB_DIST_DIR: folder });
    expect(await refused.exited).toBe(1);
    expect(refused.output()).toContain('holds files but no index.html');
    expect(readdirSync(folder)).toEqual(['notes.txt']);
  }, 60_000);
});
