import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { API_BASE, apiPaths, FEEDBACK_LIMITS, uploadResponseSchema } from '@drama/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountClient } from '../support/accounts.js';
import { buildUser } from '../support/factories.js';
import { multipart, tinyPng, upload } from '../support/images.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const api = accountClient(t);

const member = () => buildUser(t.database.db, t.ctx.tokens);

/** Files in UPLOAD_DIR, half-written ones included. */
function storedFiles(): string[] {
  try {
    return readdirSync(t.ctx.config.UPLOAD_DIR);
  } catch {
    return [];
  }
}

async function uploadRows(userId: number) {
  return t.database.db.selectFrom('uploads').selectAll().where('user_id', '=', userId).execute();
}

describe('POST /client/uploads', () => {
  it('needs a signed-in member', async () => {
    const answer = await upload(t, undefined, { filename: 'a.png', contentType: 'image/png', data: tinyPng() });
    api.refused(answer, 401, 'UNAUTHORIZED');
  });

  it('accepts a real PNG, draws it again, stores it under a random name and serves it back locked down', async () => {
    const { user, token } = await member();
    const png = tinyPng(2, 3);
    const answer = await upload(t, token, { filename: 'screen.png', contentType: 'image/png', data: png });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = uploadResponseSchema.parse(answer.body).data;
    expect(stored).toMatchObject({ contentType: 'image/png', width: 2, height: 3 });
    expect(stored.url).toMatch(/^\/media\/uploads\/[0-9a-f]{32}\.png$/);
    expect(stored.url).not.toContain('screen');

    expect(t.ctx.config.UPLOAD_DIR).toBe(path.join(t.dataDir, 'uploads'));
    const rows = await uploadRows(user.id);
    expect(rows.map((row) => row.id)).toEqual([stored.id]);
    const file = readFileSync(path.join(t.ctx.config.UPLOAD_DIR, path.basename(stored.url)));
    expect(file.length).toBe(stored.size);
    // The same pixels, in a file the server wrote.
    expect(await sharp(file).raw().toBuffer()).toEqual(await sharp(png).raw().toBuffer());

    const served = await t.server.inject({ url: stored.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(file);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toMatch(/^inline\b/);
    expect(served.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    expect(served.headers['content-security-policy']).toMatch(/default-src 'none'/);

    const again = await t.server.inject({ url: stored.url, headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });

  it('judges by content, not by name or declared type: a JPEG sent as octet-stream is a JPEG', async () => {
    const { token } = await member();
    const jpeg = readFileSync(path.join(t.ctx.config.MEDIA_DIR, 'covers', 'cold-palace-consort.jpg'));
    const answer = await upload(t, token, { filename: 'photo.bin', contentType: 'application/octet-stream', data: jpeg });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const stored = uploadResponseSchema.parse(answer.body).data;
    expect(stored).toMatchObject({ contentType: 'image/jpeg', width: 600, height: 800 });
    expect(stored.url).toMatch(/\.jpg$/);
    const served = await t.server.inject({ url: stored.url });
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.rawPayload.length).toBe(stored.size);
  });

  it('takes GIF and WebP too: a WebP stays WebP, a GIF becomes a PNG', async () => {
    const { token } = await member();
    const colour = { r: 30, g: 160, b: 90 };
    const gif = await sharp({ create: { width: 7, height: 5, channels: 3, background: colour } }).gif().toBuffer();
    const webp = await sharp({ create: { width: 320, height: 640, channels: 3, background: colour } }).webp().toBuffer();
    const gifAnswer = uploadResponseSchema.parse(
      (await upload(t, token, { filename: 'a.gif', contentType: 'image/gif', data: gif })).body,
    ).data;
    expect(gifAnswer).toMatchObject({ contentType: 'image/png', width: 7, height: 5 });
    const webpAnswer = uploadResponseSchema.parse(
      (await upload(t, token, { filename: 'a.webp', contentType: 'image/webp', data: webp })).body,
    ).data;
    expect(webpAnswer).toMatchObject({ contentType: 'image/webp', width: 320, height: 640 });
  });

  it('refuses an image header over other content, and a cut-off image (415), keeping nothing', async () => {
    const { user, token } = await member();
    const before = storedFiles();
    const png = await sharp({ create: { width: 200, height: 200, channels: 3, background: 'white' } }).png().toBuffer();
    for (const data of [
      Buffer.concat([png.subarray(0, 33), Buffer.from('<svg onload="alert(1)"/>'.repeat(8))]),
      png.subarray(0, Math.floor(png.length / 2)),
    ]) {
      api.refused(await upload(t, token, { filename: 'a.png', contentType: 'image/png', data }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect(await uploadRows(user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses a text file named .png and declared image/png (415), keeping nothing', async () => {
    const { user, token } = await member();
    const before = storedFiles();
    const answer = await upload(t, token, {
      filename: 'innocent.png',
      contentType: 'image/png',
      data: Buffer.from('<html><script>alert(1)</script></html>\n'.repeat(50)),
    });
    api.refused(answer, 415, 'UNSUPPORTED_MEDIA_TYPE');
    expect(await uploadRows(user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });

  it('refuses an empty file', async () => {
    const { token } = await member();
    api.refused(
      await upload(t, token, { filename: 'empty.png', contentType: 'image/png', data: Buffer.alloc(0) }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
  });

  it('refuses an image one byte over the limit (413) while reading it, keeping nothing', async () => {
    const { user, token } = await member();
    const before = storedFiles();
    const png = tinyPng(4, 4);
    const big = Buffer.concat([png, Buffer.alloc(FEEDBACK_LIMITS.uploadMaxBytes + 1 - png.length)]);
    const answer = await upload(t, token, { filename: 'big.png', contentType: 'image/png', data: big });
    const details = api.refused(answer, 413, 'PAYLOAD_TOO_LARGE');
    expect(details.maxBytes).toBe(FEEDBACK_LIMITS.uploadMaxBytes);
    expect(await uploadRows(user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);

    // Exactly at the limit is fine.
    const atLimit = Buffer.concat([png, Buffer.alloc(FEEDBACK_LIMITS.uploadMaxBytes - png.length)]);
    const accepted = await upload(t, token, { filename: 'max.png', contentType: 'image/png', data: atLimit });
    expect(accepted.status).toBe(200);
  });

  it('refuses a body far over the limit from its Content-Length, before reading it', async () => {
    const { token } = await member();
    const { body, contentType } = multipart([{ filename: 'a.png', contentType: 'image/png', data: tinyPng() }]);
    const response = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.uploads()}`,
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': contentType,
        'content-length': String(FEEDBACK_LIMITS.uploadMaxBytes * 2),
      },
      payload: body,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('wants multipart with a field named file', async () => {
    const { token } = await member();
    api.refused(
      await api.call('POST', apiPaths.uploads(), { token, body: { file: 'iVBORw0KGgo=' } }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    api.refused(
      await upload(t, token, { field: 'image', filename: 'a.png', contentType: 'image/png', data: tinyPng() }),
      400,
      'BAD_REQUEST',
    );
    const onlyFields = multipart([], { note: 'no file here' });
    const response = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.uploads()}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': onlyFields.contentType },
      payload: onlyFields.body,
    });
    expect(response.statusCode).toBe(400);
    const broken = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.uploads()}`,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode).toBe(400);
  });

  it('limits uploads per member and hour (429 with retryAfter)', async () => {
    const { user, token } = await member();
    const other = await member();
    const limit = t.ctx.config.UPLOADS_PER_HOUR;
    await t.database.db
      .insertInto('uploads')
      .values(
        Array.from({ length: limit }, (_, index) => ({
          user_id: user.id,
          file_name: `${String(index).padStart(32, '0')}.png`,
          content_type: 'image/png' as const,
          size: 10,
          width: 1,
          height: 1,
          created_at: new Date(Date.now() - 10 * 60_000),
        })),
      )
      .execute();
    const details = api.refused(
      await upload(t, token, { filename: 'a.png', contentType: 'image/png', data: tinyPng() }),
      429,
      'RATE_LIMITED',
    );
    expect(details.retryAfter).toBeGreaterThan(49 * 60);
    expect(details.retryAfter).toBeLessThanOrEqual(50 * 60);
    const ok = await upload(t, other.token, { filename: 'a.png', contentType: 'image/png', data: tinyPng() });
    expect(ok.status).toBe(200);
  });
});

describe('GET /media/uploads/<name>', () => {
  it('answers 404 for an unknown name and 400 for anything that is not an upload name', async () => {
    const unknown = await t.server.inject({ url: `/media/uploads/${'a'.repeat(32)}.png` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    for (const name of ['..%2F..%2Fadmin-token', 'abc.png', `${'a'.repeat(32)}.html`, `${'a'.repeat(32)}.png.part`]) {
      const answer = await t.server.inject({ url: `/media/uploads/${name}` });
      expect(answer.statusCode, name).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, name).toBeLessThan(500);
      expect(answer.headers['content-type'], name).toMatch(/application\/json/);
    }
  });
});
