import type { ChildProcess } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import http2 from 'node:http2';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ConnectionOptions, TLSSocket } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServer, waitForOutput } from '../support/server-process.js';
import { LOCALHOST_TLS } from '../support/tls.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-process-'));

const started: ChildProcess[] = [];

// A test that times out leaves its process running: end them all before removing their data.
afterAll(async () => {
  await Promise.all(
    started
      .filter((child) => child.exitCode === null && child.signalCode === null)
      .map((child) => new Promise((resolve) => child.once('exit', resolve).kill('SIGKILL'))),
  );
  rmSync(dataDir, { recursive: true, force: true });
});

function run(env: Record<string, string>): ServerProcess {
  const running = startServer(env);
  started.push(running.child);
  return running;
}

/** First starts seed and migrate: more time than a ready check usually needs. */
function waitFor(running: ServerProcess, pattern: RegExp): Promise<RegExpMatchArray> {
  return waitForOutput(running, pattern, 240_000);
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
  }, 300_000);

  it('on SIGTERM, cuts a client that stalls mid-request once SHUTDOWN_GRACE_SECONDS have passed, and still stops cleanly', async () => {
    const running = run({ PORT: '0', DATA_DIR: dataDir, SHUTDOWN_GRACE_SECONDS: '2' });
    const port = Number((await waitFor(running, /Ready: open http:\/\/localhost:(\d+)/))[1]);

    // Headers and part of the body, then nothing: the request stays in flight, as a phone's
    // does when it loses its network mid-upload.
    const stalled = net.connect(port, '127.0.0.1');
    await new Promise<void>((resolve) => stalled.once('connect', resolve));
    stalled.write(
      'POST /api/v1/auth/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"phone":',
    );
    const cut = new Promise<void>((resolve) => stalled.once('close', () => resolve()));
    // The server has the request once its body starts arriving; give it a moment to get there.
    await new Promise((resolve) => setTimeout(resolve, 300));

    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    const took = Date.now() - signalledAt;
    await cut;

    // It waited for the request, then cut it, and closed the database as on any other stop.
    expect(took).toBeGreaterThanOrEqual(2_000);
    const output = running.output();
    expect(output).toContain('Still open after 2 s: cutting the remaining connections.');
    expect(output).toContain('Stopped cleanly');
  }, 120_000);

  it('with TLS_CERT and TLS_KEY, speaks HTTP/2 and HTTP/1.1 over TLS with HSTS, and tells idle HTTP/2 sessions to go away on SIGTERM', async () => {
    // A grace period far longer than the stop may take: a session left open would show.
    const running = run({ PORT: '0', DATA_DIR: dataDir, TLS_CERT: LOCALHOST_TLS.cert, TLS_KEY: LOCALHOST_TLS.key, SHUTDOWN_GRACE_SECONDS: '60' });
    const port = Number((await waitFor(running, /Ready: open https:\/\/localhost:(\d+)/))[1]);
    const ca = readFileSync(LOCALHOST_TLS.cert);

    // HTTP/2, as browsers ask for it; the session then stays open, idle, as a browser's does.
    const session = http2.connect(`https://127.0.0.1:${port}`, { ca });
    const answer = await new Promise<{ headers: http2.IncomingHttpHeaders; body: string }>((resolve, reject) => {
      const stream = session.request({ ':path': '/api/v1/client/dramas?limit=1' });
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (headers) => stream.on('data', (chunk: string) => (body += chunk)).on('end', () => resolve({ headers, body })));
      stream.on('error', reject);
    });
    expect(answer.headers[':status']).toBe(200);
    expect(answer.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    expect(JSON.parse(answer.body)).toMatchObject({ success: true, data: { items: [expect.anything()] } });

    // HTTP/1.1 for a client that does not offer HTTP/2.
    const onlyHttp1: https.RequestOptions & ConnectionOptions = { host: '127.0.0.1', port, path: '/api/v1/health', ca, ALPNProtocols: ['http/1.1'], agent: false };
    const http1 = await new Promise<{ status?: number; version: string; protocol: string | false | null }>((resolve, reject) => {
      https
        .get(onlyHttp1, (response) => {
          response.resume();
          resolve({ status: response.statusCode, version: response.httpVersion, protocol: (response.socket as TLSSocket).alpnProtocol });
        })
        .on('error', reject);
    });
    expect(http1).toEqual({ status: 200, version: '1.1', protocol: 'http/1.1' });

    const toldToGo = new Promise((resolve) => session.once('goaway', resolve));
    const signalledAt = Date.now();
    running.child.kill('SIGTERM');
    await toldToGo;
    expect(await running.exited).toBe(0);
    expect(Date.now() - signalledAt).toBeLessThan(30_000);
    expect(running.output()).not.toContain('Still open after');
    expect(running.output()).toContain('Stopped cleanly');
    session.destroy();
  }, 300_000);

  it('refuses a bad configuration value, naming it', async () => {
    const running = run({ PORT: 'not-a-port', DATA_DIR: dataDir });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/Invalid configuration[\s\S]*PORT/);
  }, 60_000);

  it('exits with a clear message when the database cannot be reached', async () => {
    const running = run({ PORT: '0', DATA_DIR: dataDir, DATABASE_URL: 'postgresql://nobody@127.0.0.1:1/none' });
    expect(await running.exited).toBe(1);
    expect(running.output()).toContain('Cannot reach PostgreSQL at DATABASE_URL');
    expect(running.output()).not.toMatch(/\n\s+at /);
  }, 60_000);

  it('exits with a one-line message naming DATA_DIR when DATA_DIR cannot be used', async () => {
    const file = path.join(dataDir, 'not-a-directory');
    writeFileSync(file, 'a regular file\n');
    const running = run({ PORT: '0', DATA_DIR: path.join(file, 'data') });
    expect(await running.exited).toBe(1);
    expect(running.output()).toMatch(/DATA_DIR \S+not-a-directory\/data cannot be used: part of the path is a file/);
    expect(running.output()).not.toMatch(/\n\s+at /);
    expect(running.output().trim().split('\n')).toHaveLength(2);
  }, 60_000);

  it('exits with a one-line message naming DATA_DIR when the embedded database is damaged', async () => {
    // Two kinds of damage: the cluster's control file emptied (a copy of the first test's
    // database), and a directory whose files are gone but for its version stamp.
    const emptiedControl = path.join(dataDir, 'damaged-control');
    cpSync(path.join(dataDir, 'pglite'), path.join(emptiedControl, 'pglite'), { recursive: true });
    truncateSync(path.join(emptiedControl, 'pglite', 'global', 'pg_control'), 0);
    const onlyVersion = path.join(dataDir, 'damaged-files');
    mkdirSync(path.join(onlyVersion, 'pglite'), { recursive: true });
    writeFileSync(path.join(onlyVersion, 'pglite', 'PG_VERSION'), '18\n');

    for (const damaged of [emptiedControl, onlyVersion]) {
      const running = run({ PORT: '0', DATA_DIR: damaged });
      expect(await running.exited).toBe(1);
      const output = running.output();
      expect(output).toContain(`Cannot open the embedded database in DATA_DIR ${damaged}`);
      expect(output).toContain('damaged or incomplete');
      expect(output).not.toMatch(/\n\s+at |ASSERTIONS/);
      expect(output.trim().split('\n'), output).toHaveLength(2);
    }
  }, 180_000);
});
