import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';

// `npm start` (scripts/start.mjs) on a checkout without a web build: the build and the
// database's preparation run side by side, and the server reads the build only once it is done.
const START = path.join(REPO_ROOT, 'scripts/start.mjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'drama-start-'));
const started: ChildProcess[] = [];

afterAll(async () => {
  await Promise.all(
    started
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))),
  );
  rmSync(scratch, { recursive: true, force: true });
});

function start(env: Record<string, string>) {
  const child = spawn(process.execPath, [START], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: '0', ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}), ...env },
  });
  started.push(child);
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const waitFor = async (pattern: RegExp, timeoutMs = 240_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const match = pattern.exec(output);
      if (match) return match;
      if (child.exitCode !== null) throw new Error(`exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  return { child, exited, waitFor, output: () => output };
}

describe('npm start without a web build', () => {
  it('builds the app while the database is made, then serves the new build with its scripts allowed', async () => {
    const dataDir = path.join(scratch, 'data');
    const webDir = path.join(scratch, 'web');
    const run = start({ DATA_DIR: dataDir, WEB_DIST_DIR: webDir });
    const port = (await run.waitFor(/Ready: open http:\/\/localhost:(\d+)/))[1];
    const lines = run.output().split('\n').filter((line) => line.startsWith('[start]'));
    // Both under way before either has finished.
    const building = lines.findIndex((line) => line.includes('Building the web app'));
    const opening = lines.findIndex((line) => line.includes('Opening the embedded database'));
    const built = lines.findIndex((line) => line.includes('The web app is built'));
    const seeded = lines.findIndex((line) => /Seeded \d+ dramas/.test(line));
    expect(Math.max(building, opening), lines.join('\n')).toBeLessThan(Math.min(built, seeded));

    const home = await fetch(`http://127.0.0.1:${port}/`);
    expect(home.status).toBe(200);
    const html = await home.text();
    expect(html).toBe(readFileSync(path.join(webDir, 'index.html'), 'utf8'));
    // The CSP was made from this build: its inline script's hash is allowed.
    expect(home.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);

    run.child.kill('SIGTERM');
    expect(await run.exited).toBe(0);
  }, 300_000);

  it('stops with the build failure, the database closed cleanly for the next start', async () => {
    const dataDir = path.join(scratch, 'data-2');
    const notADirectory = path.join(scratch, 'a-file');
    writeFileSync(notADirectory, 'not a folder');
    const failing = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(notADirectory, 'web') });
    expect(await failing.exited).not.toBe(0);
    expect(failing.output()).toContain('[start] The web build failed');
    expect(failing.output()).not.toContain('Ready:');

    const again = start({ DATA_DIR: dataDir, WEB_DIST_DIR: path.join(scratch, 'web') });
    await again.waitFor(/Demo catalogue already present/);
    await again.waitFor(/Ready: open/);
    again.child.kill('SIGTERM');
    expect(await again.exited).toBe(0);
  }, 300_000);
});
