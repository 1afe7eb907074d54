import { type ChildProcess, spawn } from 'node:child_process';
import path from 'node:path';
import { REPO_ROOT } from '../../src/platform/config.js';

/** The server's entry point, run as `node --import tsx` exactly as `npm start` ends up doing. */
export const SERVER_MAIN = path.join(REPO_ROOT, 'apps/server/src/main.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** Everything it printed so far, stdout and stderr interleaved. */
  output: () => string;
  exited: Promise<number | null>;
}

/** `npm start`'s script: builds the web app when needed, then runs SERVER_MAIN. */
export const START_SCRIPT = path.join(REPO_ROOT, 'scripts/start.mjs');

/**
 * Starts a server process with a minimal environment (no inherited DATABASE_URL or REDIS_URL):
 * SERVER_MAIN, or `entry` (START_SCRIPT for what `npm start` does).
 */
export function startServer(env: Record<string, string>, entry: string = SERVER_MAIN): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', entry], {
    cwd: REPO_ROOT,
    env: {
      PATH: process.env.PATH,
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      // The tests make many accounts from loopback; the abuse limits have tests of their own.
      LIMIT_EXEMPT_ADDRESSES: '127.0.0.1',
      ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}),
      ...env,
    },
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

/** Resolves with the first match of `pattern` in the output; rejects if the process exits first. */
export async function waitForOutput(running: ServerProcess, pattern: RegExp, timeoutMs = 120_000): Promise<RegExpMatchArray> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const match = pattern.exec(running.output());
    if (match) return match;
    if (running.child.exitCode !== null || running.child.signalCode !== null) {
      throw new Error(`exited early:\n${running.output()}`);
    }
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${pattern}:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Waits until the server says it is ready, and returns its base URL (http://127.0.0.1:PORT). */
export async function waitUntilReady(running: ServerProcess, timeoutMs = 240_000): Promise<string> {
  const port = (await waitForOutput(running, /Ready: open http:\/\/localhost:(\d+)/, timeoutMs))[1];
  return `http://127.0.0.1:${port}`;
}

/** Stops a process (SIGTERM unless told otherwise) and waits for it to exit. */
export async function stopServer(running: ServerProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  running.child.kill(signal);
  await running.exited;
}

