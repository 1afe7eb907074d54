import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { COVER_WIDTHS, coverVariantUrl, dramaListResponseSchema, errorEnvelopeSchema } from '@drama/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, useTestApp } from '../support/test-app.js';

const t = useTestApp();
let coverUrl: string;
let otherCoverUrl: string;

beforeAll(async () => {
  const list = dramaListResponseSchema.parse((await t.server.inject('/api/v1/client/dramas?limit=2')).json());
  const [first, second] = list.data.items;
  if (!first || !second || first.coverUrl === second.coverUrl) throw new Error('two dramas with their own covers');
  coverUrl = first.coverUrl;
  otherCoverUrl = second.coverUrl;
});

function variantOf(url: string, width: (typeof COVER_WIDTHS)[number]): string {
  const variant = coverVariantUrl(url, width);
  if (!variant) throw new Error(`no variant address for ${url}`);
  return variant;
}

describe('cover variants', () => {
  it('serves every width as a 3:4 WebP far smaller than the poster, cached and with an ETag', async () => {
    const poster = await t.server.inject(coverUrl);
    for (const width of COVER_WIDTHS) {
      const url = variantOf(coverUrl, width);
      const response = await t.server.inject(url);
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/webp');
      expect(response.headers['cache-control']).toContain('public');
      const meta = await sharp(response.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect({ width: meta.width, height: meta.height }).toEqual({ width, height: Math.round((width * 4) / 3) });
      expect(response.rawPayload.length, `${url} against the poster`).toBeLessThan(poster.rawPayload.length / 3);

      const again = await t.server.inject({ url, headers: { 'if-none-match': String(response.headers.etag) } });
      expect(again.statusCode).toBe(304);
    }
  });

  it('makes a variant once and keeps it under DATA_DIR, even for concurrent first requests', async () => {
    const url = variantOf(otherCoverUrl, 480);
    const file = path.join(t.dataDir, 'cover-variants', 'w480', `${path.basename(otherCoverUrl)}.webp`);
    expect(existsSync(file)).toBe(false);
    const responses = await Promise.all(Array.from({ length: 8 }, () => t.server.inject(url)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(new Set(responses.map((r) => r.rawPayload.toString('base64'))).size).toBe(1);
    const made = statSync(file).mtimeMs;
    expect((await t.server.inject(url)).statusCode).toBe(200);
    expect(statSync(file).mtimeMs).toBe(made);
  });

  it('refuses widths it does not make, unknown covers and anything but a bare file name', async () => {
    const name = path.basename(coverUrl);
    const cases: [string, number, string][] = [
      // Not a width it makes: a sub-folder of covers/ as far as the static files know.
      [`/media/covers/w200/${name}.webp`, 404, 'NOT_FOUND'],
      [`/media/covers/w320/${name}`, 400, 'VALIDATION_FAILED'],
      ['/media/covers/w320/no-such-cover.jpg.webp', 404, 'NOT_FOUND'],
      ['/media/covers/w320/..%2fmanifest.json', 400, 'VALIDATION_FAILED'],
      ['/media/covers/w320/..%2f..%2fmedia%2fcovers%2fx.jpg.webp', 400, 'VALIDATION_FAILED'],
      ['/media/covers/w320/.hidden.jpg.webp', 400, 'VALIDATION_FAILED'],
    ];
    for (const [url, status, code] of cases) {
      const response = await t.server.inject(url);
      expect(response.statusCode, url).toBe(status);
      expect(errorEnvelopeSchema.parse(response.json()).code, url).toBe(code);
    }
  });
});

describe('cover variants of a changing catalogue', () => {
  let mediaDir: string;
  let own: TestApp;
  beforeAll(async () => {
    mediaDir = mkdtempSync(path.join(os.tmpdir(), 'drama-media-'));
    cpSync(path.join(t.ctx.config.MEDIA_DIR, 'covers'), path.join(mediaDir, 'covers'), { recursive: true });
    own = await createTestApp({ MEDIA_DIR: mediaDir });
  });
  afterAll(async () => {
    await own.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it('makes a variant again when its cover is replaced', async () => {
    const cover = path.join(mediaDir, 'covers', 'replaced.png');
    const paint = (r: number, g: number, b: number) =>
      sharp({ create: { width: 600, height: 800, channels: 3, background: { r, g, b } } }).png().toFile(cover);
    const colourOf = async () => {
      const response = await own.server.inject('/media/covers/w160/replaced.png.webp');
      expect(response.statusCode).toBe(200);
      const { dominant } = await sharp(response.rawPayload).stats();
      return dominant;
    };
    await paint(220, 20, 20);
    expect((await colourOf()).r).toBeGreaterThan(150);
    await paint(20, 20, 220);
    // A file system with coarse timestamps could give both the same second.
    const later = new Date(Date.now() + 5_000);
    utimesSync(cover, later, later);
    expect((await colourOf()).b).toBeGreaterThan(150);
  });

  it('answers a cover that is not an image with 404 in the envelope, and leaves no partial file', async () => {
    writeFileSync(path.join(mediaDir, 'covers', 'broken.jpg'), 'not an image');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await own.server.inject('/media/covers/w320/broken.jpg.webp');
      expect(response.statusCode).toBe(404);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe('NOT_FOUND');
    }
    const folder = path.join(own.dataDir, 'cover-variants', 'w320');
    const left = existsSync(folder) ? readdirSync(folder) : [];
    expect(left.filter((name) => name.startsWith('broken.jpg'))).toEqual([]);
  });

  it('still serves covers kept in a sub-folder of covers/, as the importer allows', async () => {
    mkdirSync(path.join(mediaDir, 'covers', 'imports'), { recursive: true });
    await sharp({ create: { width: 600, height: 800, channels: 3, background: { r: 10, g: 120, b: 60 } } })
      .jpeg()
      .toFile(path.join(mediaDir, 'covers', 'imports', 'my-drama.jpg'));
    const response = await own.server.inject('/media/covers/imports/my-drama.jpg');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    // The app offers no variants for it (coverVariantUrl gives none), so it shows the poster.
    expect(coverVariantUrl('/media/covers/imports/my-drama.jpg', 320)).toBeNull();
  });
});
