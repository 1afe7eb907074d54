import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, apiPaths, uploadResponseSchema } from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_PAGE_CSP } from '../../src/modules/payments/sandbox-page.js';
import { buildUser } from '../support/factories.js';
import { tinyPng, upload } from '../support/images.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security headers: a CSP on the web app's pages that runs only the built pages' own inline
 * scripts (by hash) and allows what the app needs, no framing, nosniff on every answer, and HSTS
 * only when the request came over TLS. The sandbox checkout page and uploads keep their
 * stricter policies.
 */

const THEME_SCRIPT = "\n      (function () { document.documentElement.classList.add('dark'); })();\n    ";
const OFFLINE_SCRIPT = "\n(function () { document.title = 'Offline'; })();\n";
const MEDIA_BASE_URL = 'https://media.example.com/cdn';

let web: string;
let proxied: TestApp;
let direct: TestApp;

function sha256(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

function directives(header: unknown): Map<string, string[]> {
  expect(typeof header, 'a Content-Security-Policy header').toBe('string');
  return new Map(
    String(header)
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = '', ...values]) => [name, values]),
  );
}

beforeAll(async () => {
  // A built web app in miniature: the index page with its inline theme script and a module
  // script by address, and the offline page with its own inline script.
  web = mkdtempSync(path.join(os.tmpdir(), 'drama-web-'));
  writeFileSync(
    path.join(web, 'index.html'),
    `<!doctype html><html><head><script>${THEME_SCRIPT}</script>` +
      `<script type="module" crossorigin src="/assets/index-abc.js"></script></head><body><div id="root"></div></body></html>`,
  );
  writeFileSync(path.join(web, 'offline.html'), `<!doctype html><html><body><script>${OFFLINE_SCRIPT}</script></body></html>`);
  proxied = await createTestApp({ WEB_DIST_DIR: web, TRUST_PROXY: 'true', MEDIA_BASE_URL, RECONCILE_INTERVAL_SECONDS: '0' });
  direct = await createTestApp({ WEB_DIST_DIR: web, RECONCILE_INTERVAL_SECONDS: '0' });
}, 120_000);

afterAll(async () => {
  // Either may be missing when start-up failed.
  await Promise.all([proxied, direct].filter(Boolean).map((app) => app.close()));
  rmSync(web, { recursive: true, force: true });
});

describe('the web app’s pages', () => {
  it('carry a CSP whose scripts are the site’s own and the built pages’ inline ones by hash, never unsafe-inline', async () => {
    const response = await direct.server.inject({ method: 'GET', url: '/explore' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const csp = directives(response.headers['content-security-policy']);
    expect(csp.get('script-src')?.sort()).toEqual(["'self'", sha256(THEME_SCRIPT), sha256(OFFLINE_SCRIPT)].sort());
    expect(csp.get('script-src-attr')).toEqual(["'none'"]);
    expect(csp.get('default-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'self'"]);
    expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
    // What the app needs: QR codes as data: images, hls.js through MSE (blob:) and its worker, the service worker.
    expect(csp.get('img-src')).toEqual(expect.arrayContaining(["'self'", 'data:']));
    expect(csp.get('media-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.get('worker-src')).toEqual(expect.arrayContaining(["'self'", 'blob:']));
    expect(csp.get('connect-src')).toEqual(["'self'", 'blob:']);
    expect(csp.has('upgrade-insecure-requests')).toBe(false);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['referrer-policy']).toBe('no-referrer');
    expect(response.headers['strict-transport-security']).toBeUndefined();
  });

  it('let media come from MEDIA_BASE_URL’s origin, for images, video and hls.js’s fetches', async () => {
    const response = await proxied.server.inject({ method: 'GET', url: '/' });
    const csp = directives(response.headers['content-security-policy']);
    for (const directive of ['img-src', 'media-src', 'connect-src']) {
      expect(csp.get(directive), directive).toContain('https://media.example.com');
    }
    expect(csp.get('script-src')).not.toContain('https://media.example.com');
  });
});

describe('the legal preview page', () => {
  it('may be framed by this origin only, and no other page may be framed at all', async () => {
    for (const url of ['/legal/preview', '/legal/preview?theme=dark']) {
      const response = await direct.server.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'self'"]);
      expect(response.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
    // Other spellings are other pages (or the app's fallback): they keep the deny.
    for (const url of ['/', '/legal/user-agreement', '/legal/preview/', '/legal/preview/x', '/LEGAL/PREVIEW', '/legal/%70review', '//legal/preview', '/x/../legal/preview/..', `${API_BASE}/legal/preview`]) {
      const response = await direct.server.inject({ method: 'GET', url });
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['x-frame-options'], url).toBe('DENY');
    }
  });
});

describe('API and media answers', () => {
  it('are nosniff and unframeable, JSON and errors alike', async () => {
    for (const url of [`${API_BASE}${apiPaths.dramas()}`, `${API_BASE}/no-such-route`, `${API_BASE}${apiPaths.me()}`]) {
      const response = await direct.server.inject({ method: 'GET', url });
      expect(response.headers['content-type'], url).toMatch(/^application\/json/);
      expect(response.headers['x-content-type-options'], url).toBe('nosniff');
      expect(directives(response.headers['content-security-policy']).get('frame-ancestors'), url).toEqual(["'none'"]);
      expect(response.headers['cross-origin-resource-policy'], url).toBe('same-origin');
    }
  });

  it('media is nosniff, and may be used by the app from a CDN’s origin', async () => {
    const episode = await direct.database.db.selectFrom('episodes').select('id').where('is_free', '=', true).executeTakeFirstOrThrow();
    const response = await direct.server.inject({ method: 'GET', url: `/media/episodes/${episode.id}/video.mp4`, headers: { range: 'bytes=0-99' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
  });
});

describe('stricter policies of their own', () => {
  it('the sandbox checkout page keeps its own CSP', async () => {
    const response = await direct.server.inject({ method: 'GET', url: '/sandbox/checkout/NOSUCHORDER0001' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['content-security-policy']).toBe(SANDBOX_PAGE_CSP);
    expect(response.headers['x-frame-options']).toBe('DENY');
  });

  it('uploads keep their sandboxing CSP', async () => {
    const member = await buildUser(direct.database.db, direct.ctx.tokens);
    const stored = uploadResponseSchema.parse(
      (await upload(direct, member.token, { filename: 'a.png', contentType: 'image/png', data: tinyPng() })).body,
    ).data;
    const response = await direct.server.inject({ method: 'GET', url: new URL(stored.url, 'http://localhost').pathname });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('the API documentation is still served', async () => {
    const page = await direct.server.inject({ method: 'GET', url: '/api/docs/static/index.html' });
    expect(page.statusCode).toBeLessThan(400);
    const ui = await direct.server.inject({ method: 'GET', url: '/api/docs' });
    expect(ui.statusCode).toBe(200);
    const scripts = [...ui.body.matchAll(/<script src="([^"]+)"/g)].map((match) => match[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    // Every script of the documentation page is loaded by address, which the policy allows.
    for (const src of scripts) {
      const script = await direct.server.inject({ method: 'GET', url: new URL(src, 'http://localhost/api/docs').pathname });
      expect(script.statusCode, src).toBe(200);
    }
    expect(ui.body).not.toMatch(/<script>(?!\s*<\/script>)/);
  });
});

describe('HSTS', () => {
  it('is sent when the request came over TLS through a trusted proxy', async () => {
    for (const url of ['/', `${API_BASE}${apiPaths.dramas()}`]) {
      const response = await proxied.server.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expect(response.headers['strict-transport-security'], url).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
    }
  });

  it('is never sent over plain http', async () => {
    const plain = await proxied.server.inject({ method: 'GET', url: '/' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const forwardedHttp = await proxied.server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'http' } });
    expect(forwardedHttp.headers['strict-transport-security']).toBeUndefined();
  });

  it('is not sent on a claim of https from a client when no proxy is trusted', async () => {
    const spoofed = await direct.server.inject({ method: 'GET', url: '/', headers: { 'x-forwarded-proto': 'https' } });
    expect(spoofed.headers['strict-transport-security']).toBeUndefined();
  });
});
