import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * The operators' console's build under /console/: its files with the web app's caching rules,
 * its index.html for every other address under /console/ (the console's own routes), and the
 * viewers' app untouched beside it.
 */

const CONSOLE_INDEX = '<!doctype html><html><head><script type="module" src="/console/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>';
const WEB_INDEX = '<!doctype html><html><body>viewers</body></html>';

let consoleDir: string;
let webDir: string;
let app: TestApp;
let unbuilt: TestApp;

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(os.tmpdir(), 'drama-console-'));
  mkdirSync(path.join(consoleDir, 'assets'));
  writeFileSync(path.join(consoleDir, 'index.html'), CONSOLE_INDEX);
  writeFileSync(path.join(consoleDir, 'assets', 'index-abc.js'), 'export {};\n');
  webDir = mkdtempSync(path.join(os.tmpdir(), 'drama-web-'));
  writeFileSync(path.join(webDir, 'index.html'), WEB_INDEX);
  app = await createTestApp({ CONSOLE_DIST_DIR: consoleDir, WEB_DIST_DIR: webDir, RECONCILE_INTERVAL_SECONDS: '0' });
  unbuilt = await createTestApp({ CONSOLE_DIST_DIR: path.join(consoleDir, 'nothing'), WEB_DIST_DIR: webDir, RECONCILE_INTERVAL_SECONDS: '0' });
}, 120_000);

afterAll(async () => {
  await Promise.all([app, unbuilt].filter(Boolean).map((running) => running.close()));
  rmSync(consoleDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
});

describe('the console app', () => {
  it.each(['/console/', '/console/audit?action=drama.update', '/console/setup?token=abc', '/console/operators/12'])(
    'answers %s with its index.html, never cached',
    async (url) => {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe(CONSOLE_INDEX);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-security-policy']).toContain("default-src 'self'");
    },
  );

  it('sends /console to /console/', async () => {
    const response = await app.server.inject({ method: 'GET', url: '/console?x=1' });
    expect(response.statusCode).toBe(301);
    expect(response.headers.location).toBe('/console/?x=1');
  });

  it('serves its hashed files for a year and refuses a missing one', async () => {
    const file = await app.server.inject({ method: 'GET', url: '/console/assets/index-abc.js' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await app.server.inject({ method: 'GET', url: '/console/assets/gone-123.js' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });

  it('leaves the viewers’ app and the API where they were', async () => {
    const web = await app.server.inject({ method: 'GET', url: '/explore' });
    expect(web.body).toBe(WEB_INDEX);
    const api = await app.server.inject({ method: 'GET', url: '/api/v1/console/nothing-here' });
    expect(api.statusCode).toBe(404);
    expect(api.json()).toMatchObject({ success: false });
  });

  it('says so when it is not built', async () => {
    const response = await unbuilt.server.inject({ method: 'GET', url: '/console/' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe("the server's own paths are never the web app's page", () => {
  it.each(['/health/ready', '/health', '/health/unknown', '/HEALTH/ready', '/%68ealth/ready', '/health/ready?probe=1', '/api', '/api?x=1', '/api/v2/anything', '/media/nothing-here'])(
    '%s answers 404 in the envelope, not 200 with the page',
    async (url) => {
      const response = await app.server.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
      expect(response.body).not.toContain('viewers');
    },
  );

  it('the real readiness probe and the app\'s own routes still answer', async () => {
    expect((await app.server.inject({ method: 'GET', url: '/api/v1/health/ready' })).statusCode).toBe(200);
    for (const url of ['/', '/player/2', '/healthy-habits', '/apiary', '/category?tab=health']) {
      const page = await app.server.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toBe(WEB_INDEX);
    }
  });
});
