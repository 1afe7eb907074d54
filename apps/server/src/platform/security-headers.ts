import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyHelmet from '@fastify/helmet';
import Fastify, { type FastifyInstance } from 'fastify';
import type { Config } from './config.js';
import { LEGAL_PREVIEW_PATH } from '@drama/contracts';

const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * The sha256 sources of the inline scripts in the built pages (index.html's theme boot, the
 * offline page), so that they run while every other inline script stays refused. Read once at
 * start-up: a new build comes with a restart.
 */
export function inlineScriptHashes(webDistDir: string): string[] {
  let pages: string[];
  try {
    pages = readdirSync(webDistDir).filter((name) => name.endsWith('.html'));
  } catch {
    return [];
  }
  const hashes = new Set<string>();
  for (const page of pages) {
    const html = readFileSync(path.join(webDistDir, page), 'utf8');
    for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
      const [, attributes = '', body = ''] = match;
      if (/\bsrc\s*=/i.test(attributes)) continue;
      hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
    }
  }
  return [...hashes];
}

/** The policy of the web app: its own origin, the media origin, and nothing inline but known scripts. */
export function contentSecurityPolicy(config: Pick<Config, 'MEDIA_BASE_URL' | 'WEB_DIST_DIR'>) {
  const self = "'self'";
  const media = config.MEDIA_BASE_URL ? [new URL(config.MEDIA_BASE_URL).origin] : [];
  return {
    useDefaults: false,
    directives: {
      defaultSrc: [self],
      baseUri: [self],
      scriptSrc: [self, ...inlineScriptHashes(config.WEB_DIST_DIR)],
      scriptSrcAttr: ["'none'"],
      // Styles are the built CSS file, plus the offline page's <style> and style attributes
      // (React style props, the legal texts): inline CSS cannot run code, so it stays allowed.
      styleSrc: [self, "'unsafe-inline'"],
      // data: for the QR codes of payments, blob: for locally made previews.
      imgSrc: [self, 'data:', 'blob:', ...media],
      // blob: because hls.js plays through Media Source Extensions.
      mediaSrc: [self, 'blob:', ...media],
      // hls.js fetches playlists and segments and the player its subtitles (media); the feedback
      // form reads a chosen screenshot back through its object URL (blob:).
      connectSrc: [self, 'blob:', ...media],
      // hls.js may run its transmuxer in a blob: worker; the service worker is same-origin.
      workerSrc: [self, 'blob:'],
      fontSrc: [self, 'data:'],
      manifestSrc: [self],
      objectSrc: ["'none'"],
      formAction: [self],
      frameAncestors: ["'none'"],
    },
  };
}

/**
 * Security headers on every answer (HTML, API, media): the CSP above, nosniff, no framing, no
 * referrer. Routes with stricter needs (the sandbox checkout page, uploads) set their own CSP,
 * which wins. HSTS is sent only to requests that arrived over TLS (request.protocol honours
 * TRUST_PROXY): on plain http it would be ignored at best, and would pin a development host to
 * https at worst.
 */
export async function registerSecurityHeaders(server: FastifyInstance, config: Config): Promise<void> {
  const headers = await helmetHeaders({
    contentSecurityPolicy: contentSecurityPolicy(config),
    strictTransportSecurity: false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    // Media may be served to the app from a CDN's origin; everything else stays same-origin.
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
  });
  // The viewers' legal preview is shown in a frame of the console's settings page (same origin).
  const framedBySelf = {
    ...headers,
    'x-frame-options': 'SAMEORIGIN',
    'content-security-policy': (headers['content-security-policy'] ?? '').replace("frame-ancestors 'none'", "frame-ancestors 'self'"),
  };
  // Callback style: every request passes here, and an async hook costs a promise each.
  server.addHook('onRequest', (request, reply, done) => {
    reply.headers(request.url.split('?')[0] === LEGAL_PREVIEW_PATH ? framedBySelf : headers);
    reply.header('Cross-Origin-Resource-Policy', request.url.startsWith('/media/') ? 'cross-origin' : 'same-origin');
    if (request.protocol === 'https') reply.header('Strict-Transport-Security', HSTS);
    done();
  });
}

type HelmetOptions = NonNullable<Parameters<typeof fastifyHelmet>[1]>;

/**
 * The headers helmet sets with these options. @fastify/helmet builds a new helmet middleware on
 * every request, which costs as much as answering a cached API read; the headers depend on the
 * options only, so they are taken once from a throwaway instance (what it adds to a bare
 * answer) and set as they are.
 */
async function helmetHeaders(options: HelmetOptions): Promise<Record<string, string>> {
  const answer = async (withHelmet: boolean) => {
    const probe = Fastify({ logger: false });
    if (withHelmet) await probe.register(fastifyHelmet, options);
    probe.get('/', async () => 'ok');
    try {
      return (await probe.inject({ method: 'GET', url: '/' })).headers;
    } finally {
      await probe.close();
    }
  };
  const [bare, helmeted] = await Promise.all([answer(false), answer(true)]);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(helmeted)) {
    if (name in bare || value === undefined) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  return headers;
}
