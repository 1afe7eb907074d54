import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import lightMyRequest from 'light-my-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';
import { seededEpisodes } from '../support/catalogue.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Security finding: `/media/covers/%2e%2e/clips/<clip>.mp4` answered a locked clip with no
 * signature, because the static files were served from the whole of MEDIA_DIR and the guard
 * judged the path before it was decoded. Locked clips, HLS, the manifest and anything outside
 * MEDIA_DIR must be out of reach of every spelling of a path, whatever decodes or normalises it on
 * the way; of a link left in a public folder; and of an episode whose media key names a path.
 *
 * Requests go out exactly as written, twice: through the app's own request handler (Fastify's
 * inject parses its url with WHATWG URL, which would resolve `%2e%2e` and backslashes before the
 * server saw them) and over a real socket, where Node's HTTP parser has its own say.
 */

const SOURCE_MEDIA = process.env.MEDIA_DIR ?? path.join(REPO_ROOT, 'media');
const HLS_DRAMA = 'flash-marriage-billionaire';
const WEB_APP_PAGE = '<!doctype html><title>web app</title>';

interface EpisodeRef {
  id: number;
  is_free: boolean;
  media_key: string;
}

interface Secret {
  name: string;
  /** The path from MEDIA_DIR, in segments (starting with `..` for a file outside it). */
  segments: string[];
  absolute: string;
  /** Slices of the file: a response holding any one of them has leaked it. */
  slices: Buffer[];
}

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders | Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

let t: TestApp;
let port: number;
let root: string;
let mediaDir: string;
let mp4Locked: EpisodeRef;
let mp4Free: EpisodeRef;
let hlsLocked: EpisodeRef;
let hlsFree: EpisodeRef;
/** Free episodes no request has touched yet (the catalogue caches an episode once read). */
let spareFree: EpisodeRef[];
const secrets: Secret[] = [];

function slicesOf(bytes: Buffer): Buffer[] {
  const size = 32;
  if (bytes.length <= size * 2) return [bytes];
  const last = bytes.length - size;
  return [0, 0.25, 0.5, 0.75, 1].map((at) => {
    const start = Math.floor(last * at);
    return bytes.subarray(start, start + size);
  });
}

/** A protected file, and the paths from MEDIA_DIR that lead to it (its own, and any link to it). */
function addSecret(name: string, file: string, ...links: string[]): void {
  const slices = slicesOf(readFileSync(file));
  for (const place of [file, ...links]) {
    const relative = path.relative(mediaDir, place);
    secrets.push({ name, segments: relative.split(path.sep), absolute: place, slices });
  }
}

function copyMedia(relative: string): void {
  cpSync(path.join(SOURCE_MEDIA, relative), path.join(mediaDir, relative), { recursive: true });
}

beforeAll(async () => {
  // A private MEDIA_DIR with a file beside it, so that "outside MEDIA_DIR" is a known place.
  root = mkdtempSync(path.join(os.tmpdir(), 'drama-traversal-'));
  mediaDir = path.join(root, 'media');
  mkdirSync(path.join(mediaDir, 'clips'), { recursive: true });
  mkdirSync(path.join(mediaDir, 'hls'), { recursive: true });
  for (const folder of ['covers', 'brand', 'manifest.json']) copyMedia(folder);
  const dist = path.join(root, 'dist');
  mkdirSync(dist);
  writeFileSync(path.join(dist, 'index.html'), WEB_APP_PAGE);

  t = await createTestApp({ MEDIA_DIR: mediaDir, WEB_DIST_DIR: dist, RECONCILE_INTERVAL_SECONDS: '0' });
  const episodes = await seededEpisodes(t);
  const pick = (list: EpisodeRef[], what: string) => {
    const found = list[0];
    if (!found) throw new Error(`expected ${what}`);
    return found;
  };
  const ladder = episodes.filter((episode) => episode.slug === HLS_DRAMA);
  const other = episodes.filter((episode) => episode.slug !== HLS_DRAMA);
  hlsLocked = pick(ladder.filter((e) => !e.is_free), 'a locked episode with HLS');
  hlsFree = pick(ladder.filter((e) => e.is_free), 'a free episode with HLS');
  mp4Locked = pick(other.filter((e) => !e.is_free), 'a locked MP4 episode');
  mp4Free = pick(other.filter((e) => e.is_free), 'a free MP4 episode');
  spareFree = other.filter((e) => e.is_free && e.id !== mp4Free.id);
  for (const episode of [mp4Locked, mp4Free]) {
    for (const suffix of ['.mp4', '.en.vtt', '.zh.vtt', '.zh-Hant.vtt']) copyMedia(`clips/${episode.media_key}${suffix}`);
  }
  for (const episode of [hlsLocked, hlsFree]) copyMedia(`hls/${episode.media_key}`);

  // A cover in a sub-folder (imports put them there), and hidden files that must never go out.
  const firstCover = path.join(mediaDir, 'covers', `${other[0]?.slug}.jpg`);
  mkdirSync(path.join(mediaDir, 'covers', 'imports'));
  cpSync(firstCover, path.join(mediaDir, 'covers', 'imports', 'sub-cover.jpg'));
  writeFileSync(path.join(mediaDir, 'covers', '.hidden-cover.jpg'), `hidden cover ${randomBytes(24).toString('hex')}`);
  writeFileSync(path.join(mediaDir, 'brand', '.env'), `BRAND_SECRET=${randomBytes(24).toString('hex')}`);
  writeFileSync(path.join(root, 'outside-media.txt'), `outside ${randomBytes(24).toString('hex')}`);
  writeFileSync(path.join(t.dataDir, 'traversal-sentinel'), `data dir ${randomBytes(24).toString('hex')}`);
  // Links in the public folders to what is not public, as a careless copy of media could leave.
  const linkedClip = path.join(mediaDir, 'covers', 'linked-clip.jpg');
  symlinkSync(path.join(mediaDir, 'clips', `${mp4Locked.media_key}.mp4`), linkedClip);
  const linkedLadder = path.join(mediaDir, 'covers', 'linked-ladder');
  symlinkSync(path.join(mediaDir, 'hls', hlsLocked.media_key), linkedLadder);
  const linkedSentinel = path.join(mediaDir, 'brand', 'linked-sentinel.png');
  symlinkSync(path.join(t.dataDir, 'traversal-sentinel'), linkedSentinel);

  addSecret('locked clip', path.join(mediaDir, 'clips', `${mp4Locked.media_key}.mp4`), linkedClip);
  addSecret('locked subtitles', path.join(mediaDir, 'clips', `${mp4Locked.media_key}.en.vtt`));
  const ladderDir = path.join(mediaDir, 'hls', hlsLocked.media_key);
  addSecret('locked HLS master', path.join(ladderDir, 'master.m3u8'));
  addSecret('locked HLS playlist', path.join(ladderDir, '360p', 'index.m3u8'));
  addSecret('locked HLS segment', path.join(ladderDir, '360p', 'seg-001.ts'), path.join(linkedLadder, '360p', 'seg-001.ts'));
  addSecret('manifest', path.join(mediaDir, 'manifest.json'));
  addSecret('hidden cover', path.join(mediaDir, 'covers', '.hidden-cover.jpg'));
  addSecret('hidden brand file', path.join(mediaDir, 'brand', '.env'));
  addSecret('file beside MEDIA_DIR', path.join(root, 'outside-media.txt'));
  addSecret('file in DATA_DIR', path.join(t.dataDir, 'traversal-sentinel'), linkedSentinel);

  await t.server.listen({ port: 0, host: '127.0.0.1' });
  port = (t.server.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  if (root) rmSync(root, { recursive: true, force: true });
});

/** Through the app's request handler, with the address put back exactly as written. */
async function viaHandler(rawUrl: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await lightMyRequest(
    (request, reply) => {
      request.url = rawUrl;
      t.server.routing(request, reply);
    },
    { method: 'GET', url: '/', headers },
  );
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Over a socket to the listening server; Node's client sends `path` as it is. */
function viaSocket(rawPath: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, method: 'GET', path: rawPath, headers, agent: false },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      },
    );
    request.on('error', reject);
    request.end();
  });
}

function leaked(body: Buffer): Secret | undefined {
  return secrets.find((secret) => secret.slices.some((slice) => body.includes(slice)));
}

/**
 * Refused (400, 403 or 404), both ways, and not one slice of a protected file in the body. A path
 * that no longer starts with `/media/` once its slash is spelled otherwise is the web app's, which
 * answers its index.html: that is no file of MEDIA_DIR either.
 */
async function expectRefused(rawUrl: string, headers: Record<string, string> = {}): Promise<void> {
  for (const [way, send] of [
    ['handler', viaHandler],
    ['socket', viaSocket],
  ] as const) {
    const answer = await send(rawUrl, headers);
    const what = `${way} GET ${rawUrl}`;
    expect(leaked(answer.body)?.name, `${what} leaked`).toBeUndefined();
    if ((answer.status === 200 || answer.status === 206) && !rawUrl.startsWith('/media/')) {
      expect(answer.body.toString(), `${what} answered ${answer.status}`).toBe(WEB_APP_PAGE);
    } else {
      expect([400, 403, 404], `${what} answered ${answer.status}`).toContain(answer.status);
    }
  }
}

describe('the spellings of the finding', () => {
  it('do not reach a locked clip from the covers folder', async () => {
    const clip = `clips/${mp4Locked.media_key}.mp4`;
    await expectRefused(`/media/covers/%2e%2e/${clip}`);
    await expectRefused(`/media/covers/.%2e/${clip}`);
    await expectRefused(`/media/covers/../${clip}`);
    await expectRefused(`/media/covers/%2e./${clip}`);
    await expectRefused(`/media/covers/%2E%2E/${clip}`, { range: 'bytes=0-1023' });
    await expectRefused(`/media/covers/%2e%2e/clips/${mp4Locked.media_key}.en.vtt`);
  });

  it('do not reach a locked episode’s HLS playlists and segments', async () => {
    const ladder = `hls/${hlsLocked.media_key}`;
    await expectRefused(`/media/covers/%2e%2e/${ladder}/master.m3u8`);
    await expectRefused(`/media/covers/%2e%2e/${ladder}/360p/index.m3u8`);
    await expectRefused(`/media/covers/%2e%2e/${ladder}/360p/seg-001.ts`);
    await expectRefused(`/media/covers/.%2e/${ladder}/360p/seg-001.ts`);
  });

  it('do not list the clips through the manifest', async () => {
    await expectRefused('/media/brand/%2e%2e/manifest.json');
    await expectRefused('/media/brand/.%2e/manifest.json');
    await expectRefused('/media/manifest.json');
  });

  it('do not reach the stored files by their own names', async () => {
    await expectRefused(`/media/clips/${mp4Locked.media_key}.mp4`);
    await expectRefused(`/media/hls/${hlsLocked.media_key}/360p/seg-001.ts`);
  });
});

describe('public media', () => {
  it('serves covers, covers in sub-folders and brand images, with ranges, ETags and a day of caching', async () => {
    const cover = `/media/covers/${await coverName()}`;
    for (const url of [cover, '/media/covers/imports/sub-cover.jpg', '/media/brand/logo-144.webp']) {
      for (const send of [viaHandler, viaSocket]) {
        const full = await send(url);
        expect(full.status, url).toBe(200);
        expect(full.headers['cache-control'], url).toBe('public, max-age=86400');
        expect(full.headers.etag, url).toBeTruthy();
        const again = await send(url, { 'if-none-match': String(full.headers.etag) });
        expect(again.status, url).toBe(304);
        const part = await send(url, { range: 'bytes=10-19' });
        expect(part.status, url).toBe(206);
        expect(part.body.equals(full.body.subarray(10, 20)), url).toBe(true);
      }
    }
  });

  it('never serves hidden files nor lists a folder', async () => {
    await expectRefused('/media/covers/.hidden-cover.jpg');
    await expectRefused('/media/covers/%2ehidden-cover.jpg');
    await expectRefused('/media/brand/.env');
    await expectRefused('/media/brand/%2eenv');
    for (const url of ['/media/covers/', '/media/covers/imports/', '/media/brand/', '/media/', '/media/covers', '/media/brand']) {
      for (const send of [viaHandler, viaSocket]) {
        const answer = await send(url);
        expect([403, 404], `${url} answered ${answer.status}`).toContain(answer.status);
        expect(answer.body.toString('latin1'), url).not.toContain('logo-144');
        expect(answer.body.toString('latin1'), url).not.toContain('sub-cover');
      }
    }
  });

  it('never follows a link out of a public folder', async () => {
    await expectRefused('/media/covers/linked-clip.jpg');
    await expectRefused('/media/covers/linked-ladder/360p/seg-001.ts');
    await expectRefused('/media/covers/linked-ladder/master.m3u8');
    await expectRefused('/media/brand/linked-sentinel.png');
  });

  it('keeps an episode to its own stored files, whatever its media key says', async () => {
    const hostileKeys = [
      `../clips/${mp4Locked.media_key}`,
      `${mp4Free.media_key}/../${mp4Locked.media_key}`,
      `./${mp4Locked.media_key}`,
      `../hls/${hlsLocked.media_key}`,
      path.join(mediaDir, 'clips', mp4Locked.media_key),
      `..\\clips\\${mp4Locked.media_key}`,
    ];
    for (const key of hostileKeys) {
      const episode = spareFree.shift();
      if (!episode) throw new Error('expected a spare free episode');
      await t.database.db.updateTable('episodes').set({ media_key: key }).where('id', '=', episode.id).execute();
      for (const file of ['video.mp4', 'video.en.vtt', 'index.m3u8', '360p/index.m3u8', '360p/seg-001.ts']) {
        await expectRefused(`/media/episodes/${episode.id}/${file}`);
      }
    }
  });

  it('still answers the web app’s routes with its index.html', async () => {
    const answer = await viaSocket('/some/client/route');
    expect(answer.status).toBe(200);
    expect(answer.body.toString()).toContain('web app');
  });

  it('still serves a free episode and a signed locked one', async () => {
    expect((await viaSocket(`/media/episodes/${mp4Free.id}/video.mp4`, { range: 'bytes=0-99' })).status).toBe(206);
    expect((await viaSocket(`/media/episodes/${hlsFree.id}/360p/seg-001.ts`)).status).toBe(200);
    const signed = t.ctx.mediaSigner.sign(`/media/episodes/${mp4Locked.id}/video.mp4`).url;
    const answer = await viaSocket(signed, { range: 'bytes=0-99' });
    expect(answer.status).toBe(206);
    expect(answer.headers['cache-control']).toBe('private, max-age=3600');
  });
});

async function coverName(): Promise<string> {
  const row = await t.database.db.selectFrom('dramas').select('cover_path').where('cover_path', 'not like', '%/%').executeTakeFirstOrThrow();
  return row.cover_path;
}

/* ---- every spelling of a way out, under every prefix ---------------------------------------- */

// One dot, spelled as a URL decoder, a lenient UTF-8 decoder or a Unicode normaliser might read it.
const DOTS = [
  '%252e',
  '%252E',
  '%25252e',
  '%c0%ae', // overlong UTF-8
  '%C0%AE',
  '%e0%80%ae',
  '%f0%80%80%ae',
  '%c0%2e',
  '%ef%bc%8e', // U+FF0E fullwidth full stop
  '%e2%80%a4', // U+2024 one dot leader
  '%ef%b9%92', // U+FE52 small full stop
  '%u002e',
  '%uff0e',
];
// What may follow the two dots of a segment: trailing dots, path parameters, padding.
const DOT_DOT_TAILS = ['.', '..', '%2e', ';', ';x=1', '%3b', '%00', '%20', '%09', '.%20', '%2e%20'];
const SEPARATORS = [
  '//',
  '///',
  '/./',
  '/%2e/',
  '%2f',
  '%2F',
  '%252f',
  '%25252f',
  '\\',
  '%5c',
  '%5C',
  '%255c',
  '%c0%af', // overlong UTF-8
  '%C0%AF',
  '%e0%80%af',
  '%c1%9c',
  '%ef%bc%8f', // U+FF0F fullwidth solidus
  '%e2%88%95', // U+2215 division slash
  '%e2%81%84', // U+2044 fraction slash
  '%ef%bc%bc', // U+FF3C fullwidth reverse solidus
  '/;/',
  ';/',
  '/;x=1/',
];
const SUFFIXES = [
  '?',
  '?x=1',
  '#',
  '#x',
  '%3f',
  '%3F',
  '%23',
  '?exp=9999999999&sig=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  '/',
  '%2f',
  '.',
  '%2e',
  '%00',
  ';',
  ';x=1',
  '%20',
  '?/../../clips/x.mp4',
];

type NameSpelling = 'plain' | 'encoded' | 'double-encoded' | 'upper-case' | 'trailing-dot';

function spellName(name: string, spelling: NameSpelling): string {
  const percent = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;
  switch (spelling) {
    case 'plain':
      return name;
    case 'encoded':
      return [...name].map(percent).join('');
    case 'double-encoded':
      return [...name].map((char) => `%25${char.charCodeAt(0).toString(16).padStart(2, '0')}`).join('');
    case 'upper-case':
      return name.toUpperCase();
    case 'trailing-dot':
      return `${name}.`;
  }
}

/** Every prefix under /media/, with how many folders below MEDIA_DIR it would be if it were one. */
function prefixes(): [prefix: string, depth: number][] {
  return [
    ['/media/', 0],
    ['/media/covers/', 1],
    ['/media/covers/w160/', 2],
    ['/media/covers/w320/', 2],
    ['/media/covers/w480/', 2],
    ['/media/covers/imports/', 2],
    ['/media/brand/', 1],
    ['/media/uploads/', 1],
    ['/media/clips/', 1],
    ['/media/hls/', 1],
    [`/media/episodes/${mp4Locked.id}/`, 2],
    [`/media/episodes/${mp4Free.id}/`, 2],
    [`/media/episodes/${hlsLocked.id}/`, 2],
    [`/media/episodes/${hlsLocked.id}/360p/`, 3],
    [`/media/episodes/${hlsFree.id}/360p/`, 3],
  ];
}

/** The plain spelling three times in four, so that the odd ones meet paths that otherwise work. */
function mostly<T>(usual: T[], odd: T[]): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: fc.constantFrom(...usual), weight: 3 }, { arbitrary: fc.constantFrom(...odd), weight: 1 });
}

const SLOTS = 16;
const dot = mostly(['.', '%2e', '%2E'], DOTS);
const attempt = fc.record({
  prefix: fc.nat(),
  secret: fc.nat(),
  absolute: mostly([false], [true]),
  // Climbs out of the prefix as far as MEDIA_DIR, or a little short of it or past it.
  climb: mostly([0], [-2, -1, 1, 2, 3]),
  dots: fc.array(fc.tuple(dot, dot, mostly([''], DOT_DOT_TAILS)), { minLength: SLOTS, maxLength: SLOTS }),
  separators: fc.array(mostly(['/'], SEPARATORS), { minLength: SLOTS, maxLength: SLOTS }),
  names: fc.array(mostly<NameSpelling>(['plain'], ['encoded', 'double-encoded', 'upper-case', 'trailing-dot']), {
    minLength: SLOTS,
    maxLength: SLOTS,
  }),
  suffix: mostly([''], SUFFIXES),
  range: fc.boolean(),
});

type Attempt = typeof attempt extends fc.Arbitrary<infer T> ? T : never;

function urlOf(sample: Attempt): string {
  const all = prefixes();
  const [prefix, depth] = all[sample.prefix % all.length] ?? ['/media/', 0];
  const ups = sample.absolute ? 0 : Math.max(0, depth + sample.climb);
  const secret = secrets[sample.secret % secrets.length];
  if (!secret) throw new Error('no secrets');
  const targets = sample.absolute ? secret.absolute.split('/').filter(Boolean) : secret.segments;
  const segments = [...Array.from({ length: ups }, () => '..'), ...targets].map((segment, index) => {
    if (segment !== '..') return spellName(segment, sample.names[index % SLOTS] ?? 'plain');
    const [first, second, tail] = sample.dots[index % SLOTS] ?? ['.', '.', ''];
    return `${first}${second}${tail}`;
  });
  // The prefix's own last slash is one of the separators too, and an absolute target starts with one.
  let url = prefix.slice(0, -1) + (sample.separators[0] ?? '/');
  if (sample.absolute) url += sample.separators[1] ?? '/';
  url += segments.map((segment, index) => (index === 0 ? '' : (sample.separators[(index + 1) % SLOTS] ?? '/')) + segment).join('');
  return url + sample.suffix;
}

describe('any spelling of a path out of a public folder', () => {
  it('never answers a protected file, through the handler or over a socket', async () => {
    await fc.assert(
      fc.asyncProperty(attempt, async (sample) => {
        const url = urlOf(sample);
        await expectRefused(url, sample.range ? { range: 'bytes=0-' } : {});
      }),
      { numRuns: Number(process.env.TRAVERSAL_RUNS ?? 250) },
    );
  });
});
