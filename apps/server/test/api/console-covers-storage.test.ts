import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { API_BASE, COVER_WIDTHS, type ConsoleDrama, consoleDramaResponseSchema, coverVariantUrl } from '@drama/contracts';
import { sql } from 'kysely';
import lightMyRequest from 'light-my-request';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';
import { okData } from '../support/answers.js';
import { multipart } from '../support/images.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useS3Server } from '../support/s3-server.js';
import { createTestApp, type TestApp } from '../support/test-app.js';

/**
 * Covers uploaded in the console live in the storage (covers/<file>), not under MEDIA_DIR/covers:
 * several instances sharing a bucket see the same covers, and nothing is written into the
 * project's media. /media/covers/<file> and its card variants find them there, after the covers
 * of MEDIA_DIR (seeded, imported, or written there by earlier versions), and no address under
 * /media/covers reaches any other object of the storage.
 */

const SOURCE_MEDIA = process.env.MEDIA_DIR ?? path.join(REPO_ROOT, 'media');
const PUBLIC_CACHE = 'public, max-age=86400';
const CONSOLE = `${API_BASE}/console`;

const s3 = useS3Server();
const work = mkdtempSync(path.join(os.tmpdir(), 'drama-stored-covers-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: Buffer;
}

interface Running {
  t: TestApp;
  mediaDir: string;
  port: number;
}

/** An app with a MEDIA_DIR of its own (a copy of the seeded covers), listening on a free port. */
async function start(name: string, env: Record<string, string> = {}): Promise<Running> {
  const mediaDir = path.join(work, name);
  mkdirSync(mediaDir);
  cpSync(path.join(SOURCE_MEDIA, 'covers'), path.join(mediaDir, 'covers'), { recursive: true });
  const t = await createTestApp({ MEDIA_DIR: mediaDir, RECONCILE_INTERVAL_SECONDS: '0', ...env });
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  return { t, mediaDir, port: (t.server.server.address() as AddressInfo).port };
}

/** Through the app's request handler, with the address exactly as written (inject would normalise it). */
async function viaHandler(app: Running, rawUrl: string, headers: Record<string, string> = {}): Promise<Answer> {
  const response = await lightMyRequest(
    (request, reply) => {
      request.url = rawUrl;
      app.t.server.routing(request, reply);
    },
    { method: 'GET', url: '/', headers },
  );
  return { status: response.statusCode, headers: response.headers, body: response.rawPayload };
}

/** Over a socket, where Node's HTTP parser has its own say. */
function viaSocket(app: Running, rawPath: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port: app.port, method, path: rawPath, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on('error', reject);
    request.end();
  });
}

async function pngOf(width: number, height: number, background: { r: number; g: number; b: number }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background } }).png().toBuffer();
}

let serial = 0;
async function createDrama(app: Running, caller: ConsoleCaller): Promise<ConsoleDrama> {
  serial += 1;
  const word = `Cover${serial}x${Date.now().toString(36)}`;
  const response = await app.t.server.inject({
    method: 'POST',
    url: `${CONSOLE}/dramas`,
    headers: caller.headers,
    payload: {
      title: { 'zh-CN': `简体${word}`, 'zh-Hant': `繁體${word}`, 'en-US': `English ${word}` },
      description: { 'zh-CN': `简介 ${word}`, 'zh-Hant': `簡介 ${word}`, 'en-US': `About ${word}` },
    },
  });
  return okData({ status: response.statusCode, body: response.json() as unknown }, consoleDramaResponseSchema);
}

async function uploadCover(app: Running, caller: ConsoleCaller, id: number, image: Buffer) {
  const { body, contentType } = multipart([{ filename: 'cover.png', contentType: 'image/png', data: image }], {
    x: '0',
    y: '0',
    width: '600',
    height: '800',
  });
  const response = await app.t.server.inject({
    method: 'POST',
    url: `${CONSOLE}/dramas/${id}/cover`,
    headers: { ...caller.headers, 'content-type': contentType },
    payload: body,
  });
  return { status: response.statusCode, body: response.json() as unknown };
}

/** The address path of a cover URL (MEDIA_BASE_URL is unset in tests: it is a path already). */
function addressOf(coverUrl: string | null): string {
  if (!coverUrl?.startsWith('/media/covers/')) throw new Error(`expected a cover address, got ${coverUrl}`);
  return coverUrl;
}

function variantOf(url: string, width: (typeof COVER_WIDTHS)[number]): string {
  const variant = coverVariantUrl(url, width);
  if (!variant) throw new Error(`no variant address for ${url}`);
  return variant;
}

/** Served as a cover: JPEG, a day of public caching, validators, ranges, HEAD; the bytes given. */
async function expectServedCover(app: Running, url: string, bytes: Buffer): Promise<void> {
  for (const send of [viaHandler, viaSocket]) {
    const full = await send(app, url);
    expect(full.status, url).toBe(200);
    expect(full.headers['content-type'], url).toBe('image/jpeg');
    expect(full.headers['cache-control'], url).toBe(PUBLIC_CACHE);
    expect(full.headers.etag, url).toBeTruthy();
    expect(full.headers['last-modified'], url).toBeTruthy();
    expect(full.body.equals(bytes), url).toBe(true);
    const again = await send(app, url, { 'if-none-match': String(full.headers.etag) });
    expect(again.status, url).toBe(304);
    const part = await send(app, url, { range: 'bytes=10-19' });
    expect(part.status, url).toBe(206);
    expect(part.headers['content-range'], url).toBe(`bytes 10-19/${bytes.length}`);
    expect(part.body.equals(bytes.subarray(10, 20)), url).toBe(true);
  }
  const head = await viaSocket(app, url, {}, 'HEAD');
  expect(head.status, url).toBe(200);
  expect(Number(head.headers['content-length']), url).toBe(bytes.length);
}

/** Every card width: a 3:4 WebP, publicly cached. */
async function expectVariants(app: Running, url: string): Promise<void> {
  for (const width of COVER_WIDTHS) {
    const variant = variantOf(url, width);
    const answer = await viaSocket(app, variant);
    expect(answer.status, variant).toBe(200);
    expect(answer.headers['content-type'], variant).toBe('image/webp');
    expect(answer.headers['cache-control'], variant).toBe(PUBLIC_CACHE);
    const meta = await sharp(answer.body).metadata();
    expect({ format: meta.format, width: meta.width, height: meta.height }, variant).toEqual({
      format: 'webp',
      width,
      height: Math.round((width * 4) / 3),
    });
  }
}

/**
 * Refused with 404 both ways, with none of `secrets` in the body. A card variant's address that is
 * no bare file name is refused by the variant route's own check, with 400 (cover-variants.test.ts).
 */
async function expectNotFound(app: Running, rawUrl: string, secrets: Buffer[], statuses = [404]): Promise<void> {
  for (const [way, send] of [
    ['handler', viaHandler],
    ['socket', viaSocket],
  ] as const) {
    const answer = await send(app, rawUrl);
    const what = `${way} GET ${rawUrl}`;
    for (const secret of secrets) expect(answer.body.includes(secret), `${what} leaked`).toBe(false);
    expect(statuses, `${what} answered ${answer.status}`).toContain(answer.status);
  }
}

const hex = () => randomBytes(8).toString('hex');

async function bytesOf(stream: Promise<Readable>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.each([
  ['local folder', {}],
  ['S3-compatible', 's3'],
] as const)('covers uploaded in the console, storage: %s', (kind, setting) => {
  let app: Running;
  let content: ConsoleCaller;
  /** Objects of other folders of the storage, put there by the test: none may come out through /media/covers. */
  const secrets: Buffer[] = [];

  beforeAll(async () => {
    app = await start(kind === 'local folder' ? 'local' : 's3', setting === 's3' ? s3.env : {});
    content = await consoleAs(app.t, 'content');
    for (const key of ['hls/secret-ladder/master.m3u8', 'uploads/secret-upload', 'clips/secret-clip.mp4', 'subtitles/1/en.vtt', 'covers/notes.txt', 'covers/sub/secret.jpg']) {
      const secret = Buffer.from(`secret ${key} ${hex()}`);
      secrets.push(secret);
      await app.t.ctx.storage.put(key, secret);
    }
  }, 90_000);
  afterAll(async () => {
    await app?.t.close();
  });

  it('puts the cover into the storage, not MEDIA_DIR, and serves it and its card variants; the previous cover stays', async () => {
    const drama = await createDrama(app, content);
    const before = readdirSync(path.join(app.mediaDir, 'covers')).sort();
    const first = okData(await uploadCover(app, content, drama.id, await pngOf(600, 800, { r: 200, g: 40, b: 90 })), consoleDramaResponseSchema);
    const firstUrl = addressOf(first.coverUrl);
    const firstFile = path.basename(firstUrl);
    expect(firstFile).toMatch(new RegExp(`^drama-${drama.id}-[0-9a-f]{16}\\.jpg$`));
    expect(readdirSync(path.join(app.mediaDir, 'covers')).sort()).toEqual(before);

    const stored = await app.t.ctx.storage.head(`covers/${firstFile}`);
    expect(stored?.size).toBeGreaterThan(0);
    if (kind === 'local folder') {
      const file = path.join(app.t.ctx.config.STORAGE_DIR, 'covers', firstFile);
      expect(existsSync(file)).toBe(true);
    } else {
      expect(existsSync(path.join(app.t.ctx.config.STORAGE_DIR, 'covers'))).toBe(false);
    }
    const firstBytes = await bytesOf(app.t.ctx.storage.get(`covers/${firstFile}`));
    expect((await sharp(firstBytes).metadata()).format).toBe('jpeg');

    await expectServedCover(app, firstUrl, firstBytes);
    await expectVariants(app, firstUrl);

    // A new cover gets a new name; pages still showing the old one keep loading it.
    const second = okData(await uploadCover(app, content, drama.id, await pngOf(600, 800, { r: 20, g: 140, b: 60 })), consoleDramaResponseSchema);
    const secondUrl = addressOf(second.coverUrl);
    expect(secondUrl).not.toBe(firstUrl);
    expect((await viaSocket(app, secondUrl)).status).toBe(200);
    await expectServedCover(app, firstUrl, firstBytes);
    await expectVariants(app, firstUrl);
    await expectVariants(app, secondUrl);
    expect(readdirSync(path.join(app.mediaDir, 'covers')).sort()).toEqual(before);
  });

  it('keeps serving the covers of MEDIA_DIR first: seeded ones, and console covers written there before', async () => {
    const seeded = readdirSync(path.join(app.mediaDir, 'covers')).find((file) => file.endsWith('.jpg'));
    if (!seeded) throw new Error('expected a seeded cover');
    const seededBytes = readFileSync(path.join(app.mediaDir, 'covers', seeded));
    const seededAnswer = await viaSocket(app, `/media/covers/${seeded}`);
    expect(seededAnswer.status).toBe(200);
    expect(seededAnswer.body.equals(seededBytes)).toBe(true);
    await expectVariants(app, `/media/covers/${seeded}`);

    const legacy = `drama-7-${hex()}.jpg`;
    cpSync(path.join(app.mediaDir, 'covers', seeded), path.join(app.mediaDir, 'covers', legacy));
    // The same name in the storage too: MEDIA_DIR's file is the one served.
    await app.t.ctx.storage.put(`covers/${legacy}`, Buffer.from('not this one'));
    await expectServedCover(app, `/media/covers/${legacy}`, seededBytes);
    await expectVariants(app, `/media/covers/${legacy}`);
  });

  it('answers 404 to every other spelling, and to the keys of other folders of the storage', async () => {
    const drama = await createDrama(app, content);
    const cover = path.basename(
      addressOf(okData(await uploadCover(app, content, drama.id, await pngOf(600, 800, { r: 90, g: 90, b: 200 })), consoleDramaResponseSchema).coverUrl),
    );
    const attempts = [
      // Other folders of the storage, by every spelling of a slash and a parent.
      '/media/covers/..%2Fhls%2Fsecret-ladder%2Fmaster.m3u8',
      '/media/covers/%2e%2e%2Fuploads%2Fsecret-upload',
      '/media/covers/%2e%2e/uploads/secret-upload',
      '/media/covers/..%5Cclips%5Csecret-clip.mp4',
      '/media/covers/hls%2Fsecret-ladder%2Fmaster.m3u8',
      '/media/covers/notes.txt',
      '/media/covers/sub/secret.jpg',
      '/media/covers/sub%2Fsecret.jpg',
      `/media/covers/${cover}%2F..%2F..%2Fuploads%2Fsecret-upload`,
      `/media/covers/${cover}/..%2F..%2Fsubtitles%2F1%2Fen.vtt`,
      `/media/covers/${cover}%00.jpg`,
      `/media/covers/${cover}%2F`,
      `/media/covers/${cover.toUpperCase()}`,
      `/media/covers/.${cover}`,
      // A stored-cover name that is in neither place.
      `/media/covers/drama-${drama.id}-${hex()}.jpg`,
      `/media/covers/w160/drama-${drama.id}-${hex()}.jpg.webp`,
    ];
    for (const attempt of attempts) await expectNotFound(app, attempt, secrets);
    // The card variants: of a cover's own name only.
    for (const attempt of [
      '/media/covers/w320/..%2Fhls%2Fsecret-ladder%2Fmaster.m3u8.jpg.webp',
      '/media/covers/w320/%2e%2e%2Fuploads%2Fsecret-upload.jpg.webp',
      `/media/covers/w320/${cover}%2F..%2F..%2Fcovers%2Fsub%2Fsecret.jpg.webp`,
      '/media/covers/w320/sub%2Fsecret.jpg.webp',
      '/media/covers/w320/notes.txt.webp',
    ]) {
      await expectNotFound(app, attempt, secrets, [400, 404]);
    }
  });

  it.runIf(kind === 'local folder')('refuses a symbolic link in either covers folder, and removes the object when the change fails', async () => {
    const sentinel = Buffer.from(`sentinel ${hex()}`);
    const sentinelFile = path.join(app.t.dataDir, 'cover-link-sentinel');
    writeFileSync(sentinelFile, sentinel);
    const storedLink = `drama-8-${hex()}.jpg`;
    mkdirSync(path.join(app.t.ctx.config.STORAGE_DIR, 'covers'), { recursive: true });
    symlinkSync(sentinelFile, path.join(app.t.ctx.config.STORAGE_DIR, 'covers', storedLink));
    const mediaLink = `drama-9-${hex()}.jpg`;
    symlinkSync(sentinelFile, path.join(app.mediaDir, 'covers', mediaLink));
    for (const link of [storedLink, mediaLink]) {
      await expectNotFound(app, `/media/covers/${link}`, [sentinel]);
      await expectNotFound(app, `/media/covers/w320/${link}.webp`, [sentinel]);
    }

    // A change that fails after the upload leaves no object behind.
    const drama = await createDrama(app, content);
    const db = app.t.database.db;
    await sql`create function refuse_cover() returns trigger language plpgsql as $$ begin raise exception 'refused by the test'; end $$`.execute(db);
    await sql
      .raw(`create trigger refuse_cover before update of cover_path on dramas for each row when (new.id = ${drama.id}) execute function refuse_cover()`)
      .execute(db);
    const listing = () => readdirSync(path.join(app.t.ctx.config.STORAGE_DIR, 'covers')).sort();
    const before = listing();
    const refused = await uploadCover(app, content, drama.id, await pngOf(600, 800, { r: 10, g: 10, b: 10 }));
    expect(refused.status).toBe(500);
    expect(listing()).toEqual(before);
  });
});

describe('two instances sharing one bucket', () => {
  let one: Running;
  let other: Running;

  beforeAll(async () => {
    one = await start('shared-one', s3.env);
    other = await start('shared-other', s3.env);
  }, 90_000);
  afterAll(async () => {
    await one?.t.close();
    await other?.t.close();
  });

  it('serve the same cover: uploaded through one, read with its variants from the other', async () => {
    const content = await consoleAs(one.t, 'content');
    const drama = await createDrama(one, content);
    const url = addressOf(okData(await uploadCover(one, content, drama.id, await pngOf(600, 800, { r: 240, g: 200, b: 20 })), consoleDramaResponseSchema).coverUrl);
    const bytes = (await viaSocket(one, url)).body;
    await expectServedCover(other, url, bytes);
    await expectVariants(other, url);
    for (const app of [one, other]) expect(readdirSync(path.join(app.mediaDir, 'covers'))).not.toContain(path.basename(url));
  });
});
