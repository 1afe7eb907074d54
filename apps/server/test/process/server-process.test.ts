import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';

const MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-process-'));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function run(env: Record<string, string>): Running {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, LOG_LEVEL: 'warn', HOST: '127.0.0.1', ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}), ...env },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(running: Running, pattern: RegExp, timeoutMs = 60_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(running.output());
    if (match) return match;
    if (running.child.exitCode !== null) throw new Error(`exited early:\n${running.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('the server process', () => {
  it('starts on an empty DATA_DIR seeded, keeps its data across a restart, and stops cleanly on SIGTERM', async () => {
    const first = run({ PORT: '0', DATA_DIR: dataDir });
    await waitFor(first, /Seeded \d+ dramas/);
    const port = (await waitFor(first, /Ready: open http:\/\/localhost:(\d+)/))[1];
    const health = await fetch(`http://127.0.0.1:${port}/api/v1/health`);
    expect(health.status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('Stopped cleanly');

    const second = run({ PORT: '0', DATA_DIR: dataDir });
    await waitFor(second, /Demo catalogue already present/);
    await waitFor(second, /Ready:/);
    second.child.kill('SIGINT');
    expect(await second.exited).toBe(0);
  }, 120_000);

  it('refuses a bad configuration value, naming it', async () => {
    const running = run({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/Invalid configuration[\s\S]*PORT/);
  });

  it('exits with a clear message when the database cannot be reached', async () => {
    const running = run({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Cannot reach PostgreSQL at DATABASE_URL');
    expect(running.output()).not.toMatch(/\n\s+at /);
  });
});
