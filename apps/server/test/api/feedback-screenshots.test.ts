import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  consoleFeedbackPaths,
  consoleFeedbackResponseSchema,
  feedbackResponseSchema,
  type Upload,
  uploadResponseSchema,
} from '@drama/contracts';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { accountClient } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { type FilePart, PNG_END, pngBomb, tinyPng, upload, withPngText } from '../support/images.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Feedback screenshots are drawn again from their pixels before they are stored: what support's
 * console shows is an image the server made, never the bytes a member sent. A header that
 * promises more pixels than allowed is refused before anything is decoded; EXIF (camera, GPS),
 * XMP, ICC profiles and text comments are gone; whatever rode along after the image is gone.
 */

const t = useTestApp();
const api = accountClient(t);
let support: ConsoleCaller;

beforeAll(async () => {
  support = await consoleAs(t, 'support');
});

const member = () => buildUser(t.database.db, t.ctx.tokens);

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

async function accepted(token: string, part: FilePart): Promise<Upload> {
  return okData(await upload(t, token, part), uploadResponseSchema);
}

/**
 * The screenshot as support gets it: the member sends feedback with it, support opens the item
 * in the console and loads the address it lists.
 */
async function asSupportSeesIt(token: string, shot: Upload) {
  const sent = okData(
    await api.call('POST', apiPaths.feedback(), {
      token,
      body: { type: 'bug', content: 'The player froze, see the screenshot.', screenshotIds: [shot.id] },
    }),
    feedbackResponseSchema,
  );
  const item = await t.server.inject({ url: `${API_BASE}/console${consoleFeedbackPaths.item(sent.id)}`, headers: support.headers });
  const listed = consoleFeedbackResponseSchema.parse(item.json()).data.screenshots;
  expect(listed.map((listedShot) => listedShot.id)).toEqual([shot.id]);
  const served = await t.server.inject({ url: listed[0]?.url ?? '' });
  expect(served.statusCode).toBe(200);
  return served;
}

const canvas = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 245, g: 245, b: 240 } } });

describe('POST /client/uploads: a decompression bomb', () => {
  it('is refused from its header (413 PAYLOAD_TOO_LARGE with the limits), never decoded, and nothing is kept', async () => {
    const { user, token } = await member();
    const before = storedFiles();
    // 17 KB as sent; 10.8 GB of pixels were it decoded.
    const bomb = pngBomb(60_000, 60_000);
    expect(bomb.length).toBeLessThan(20 * 1024);
    const jpegBomb = await canvas(16, 16).jpeg().toBuffer();
    const frame = jpegBomb.indexOf(Buffer.from([0xff, 0xc0]));
    jpegBomb.writeUInt16BE(60_000, frame + 5);
    jpegBomb.writeUInt16BE(60_000, frame + 7);

    for (const part of [
      { filename: 'screen.png', contentType: 'image/png', data: bomb },
      { filename: 'photo.jpg', contentType: 'image/jpeg', data: jpegBomb },
    ]) {
      const details = api.refused(await upload(t, token, part), 413, 'PAYLOAD_TOO_LARGE');
      expect(details, part.filename).toMatchObject({
        width: 60_000,
        height: 60_000,
        maxSide: expect.any(Number),
        maxPixels: expect.any(Number),
      });
      expect(Number(details.maxPixels)).toBeLessThan(60_000 * 60_000);
    }
    expect(await uploadRows(user.id)).toEqual([]);
    expect(storedFiles()).toEqual(before);
  });
});

describe('POST /client/uploads: what support is shown', () => {
  it('a JPEG keeps no EXIF (camera, GPS), XMP or ICC profile, and is stored upright', async () => {
    const { token } = await member();
    // 320 wide, 200 high, marked "rotate 90° clockwise to view": a 200 x 320 picture.
    const jpeg = await canvas(320, 200)
      .jpeg()
      .withMetadata({ orientation: 6 })
      .withExifMerge({
        IFD0: { Make: 'Acme', Model: 'PocketCam X9' },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 2/1', GPSLongitudeRef: 'E', GPSLongitude: '121/1 28/1 3/1' },
      })
      .withXmp(
        '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">' +
          '<rdf:Description xmlns:dc="http://purl.org/dc/elements/1.1/" dc:creator="Xmp Hidden Name"/></rdf:RDF></x:xmpmeta>',
      )
      .toBuffer();
    const sent = await sharp(jpeg).metadata();
    expect(sent).toMatchObject({ orientation: 6, exif: expect.any(Buffer), xmp: expect.any(Buffer), icc: expect.any(Buffer) });
    expect(jpeg.includes('PocketCam X9')).toBe(true);

    const shot = await accepted(token, { filename: 'IMG_0001.jpg', contentType: 'image/jpeg', data: jpeg });
    expect(shot).toMatchObject({ contentType: 'image/jpeg', width: 200, height: 320 });
    expect(shot.url).toMatch(/\.jpg$/);

    const served = await asSupportSeesIt(token, shot);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(shot.size).toBe(served.rawPayload.length);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 200, height: 320 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    for (const secret of ['PocketCam X9', 'Acme', 'Exif', 'Xmp Hidden Name', 'GPS']) {
      expect(served.rawPayload.includes(secret), secret).toBe(false);
    }
  });

  it('a PNG stays a PNG at its own size, without its text comments', async () => {
    const { token } = await member();
    // A phone's screenshot, full size: its text must stay as legible as it was.
    const png = withPngText(await canvas(1290, 2796).png().toBuffer(), 'Comment', 'Taken at 12 Secret Street');
    expect((await sharp(png).metadata()).comments).toEqual([{ keyword: 'Comment', text: 'Taken at 12 Secret Street' }]);
    const shot = await accepted(token, { filename: 'Screenshot.png', contentType: 'image/png', data: png });
    expect(shot).toMatchObject({ contentType: 'image/png', width: 1290, height: 2796 });
    const served = await asSupportSeesIt(token, shot);
    expect(served.headers['content-type']).toBe('image/png');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 1290, height: 2796 });
    expect(meta.comments).toBeUndefined();
    expect(served.rawPayload.includes('Secret Street')).toBe(false);
  });
});

describe('POST /client/uploads: polyglots', () => {
  it('a PNG with a page after it is stored as its pixels alone, ending where a PNG ends', async () => {
    const { token } = await member();
    const script = Buffer.from('<html><script>alert("polyglot")</script></html>');
    const png = await canvas(64, 48).png().toBuffer();
    const shot = await accepted(token, { filename: 'a.png', contentType: 'image/png', data: Buffer.concat([png, script]) });
    expect(shot).toMatchObject({ contentType: 'image/png', width: 64, height: 48 });
    const stored = readFileSync(path.join(t.ctx.config.UPLOAD_DIR, path.basename(shot.url)));
    expect(stored.includes('polyglot')).toBe(false);
    expect(stored.subarray(-PNG_END.length)).toEqual(PNG_END);
    const served = await asSupportSeesIt(token, shot);
    expect(served.rawPayload).toEqual(stored);
  });

  it('an animated GIF with script after it becomes one still PNG frame, without the script', async () => {
    const { token } = await member();
    const frames = await Promise.all(
      [{ r: 200, g: 0, b: 0 }, { r: 0, g: 0, b: 200 }].map((background) =>
        sharp({ create: { width: 40, height: 30, channels: 3, background } }).png().toBuffer(),
      ),
    );
    const gif = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(gif).metadata()).pages).toBe(2);
    const polyglot = Buffer.concat([gif, Buffer.from('*/=1;alert(document.cookie)//')]);
    const shot = await accepted(token, { filename: 'a.gif', contentType: 'image/gif', data: polyglot });
    expect(shot).toMatchObject({ contentType: 'image/png', width: 40, height: 30 });
    expect(shot.url).toMatch(/\.png$/);
    const served = await asSupportSeesIt(token, shot);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.includes('document.cookie')).toBe(false);
    expect(served.rawPayload.subarray(-PNG_END.length)).toEqual(PNG_END);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 40, height: 30 });
    expect(meta.pages).toBeUndefined();
    const { data } = await sharp(served.rawPayload).raw().toBuffer({ resolveWithObject: true });
    // The first frame: red.
    expect([...data.subarray(0, 3)]).toEqual([200, 0, 0]);
  });
});

describe('tries are counted before decoding', () => {
  it('a member sending images that never decode is refused before the decoder after twice the hourly allowance of stored images', async () => {
    const { token } = await member();
    const tries = t.ctx.config.UPLOADS_PER_HOUR * 2;
    // A PNG whose header is sound and whose pixels are not: decoded, then refused, never stored.
    const broken = Buffer.concat([pngBomb(2000, 2000, 1).subarray(0, 60), Buffer.alloc(64, 0xab)]);
    for (let sent = 0; sent < tries; sent += 1) {
      const answer = await upload(t, token, { filename: 'broken.png', contentType: 'image/png', data: broken });
      expect(answer.status, `try ${sent + 1}`).not.toBe(200);
      expect(answer.status).not.toBe(429);
    }
    const next = await upload(t, token, { filename: 'fine.png', contentType: 'image/png', data: tinyPng() });
    expect(next.status).toBe(429);
    expect(next.body).toMatchObject({ code: 'RATE_LIMITED' });
  });
});
