import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  AVATAR_LIMITS,
  taskClaimResponseSchema,
  taskListResponseSchema,
  userProfileResponseSchema,
} from '@drama/contracts';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { accountClient } from '../support/accounts.js';
import { okData } from '../support/answers.js';
import { buildUser } from '../support/factories.js';
import { type FilePart, multipart, pngBomb, tinyPng, upload } from '../support/images.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
const api = accountClient(t);

const member = () => buildUser(t.database.db, t.ctx.tokens);
const avatarDir = () => path.join(t.ctx.config.DATA_DIR, 'avatars');
const storedAvatars = () => (existsSync(avatarDir()) ? readdirSync(avatarDir()) : []);

function uploadAvatar(token: string | undefined, part: FilePart) {
  return upload(t, token, part, apiPaths.avatar());
}

async function accepted(token: string, part: FilePart) {
  return okData(await uploadAvatar(token, part), userProfileResponseSchema);
}

const png = (width: number, height: number, colour = { r: 220, g: 60, b: 90 }) =>
  sharp({ create: { width, height, channels: 3, background: colour } }).png().toBuffer();

async function storedAvatarOf(userId: number) {
  return t.database.db.selectFrom('users').select(['avatar', 'avatar_file', 'nickname']).where('id', '=', userId).executeTakeFirstOrThrow();
}

describe('POST /client/user/avatar', () => {
  it('needs a signed-in member', async () => {
    api.refused(await uploadAvatar(undefined, { filename: 'a.png', contentType: 'image/png', data: tinyPng() }), 401, 'UNAUTHORIZED');
  });

  it('takes a PNG, stores it as a 256x256 WebP named by its content, and serves it to be cached for good', async () => {
    const { user, token } = await member();
    const profile = await accepted(token, { filename: 'holiday selfie.png', contentType: 'image/png', data: await png(640, 480) });
    expect(profile.id).toBe(user.id);
    expect(profile.avatar).toMatch(/^\/media\/avatars\/[0-9a-f]{64}\.webp$/);
    expect(profile.avatar).not.toContain('selfie');
    const name = path.basename(profile.avatar ?? '');
    expect(storedAvatars()).toContain(name);
    expect((await storedAvatarOf(user.id)).avatar_file).toBe(name);

    const served = await t.server.inject({ url: profile.avatar ?? '' });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-security-policy']).toMatch(/\bsandbox\b/);
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: AVATAR_LIMITS.size, height: AVATAR_LIMITS.size });
    const again = await t.server.inject({ url: profile.avatar ?? '', headers: { 'if-none-match': String(served.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect([400, 404]).toContain((await t.server.inject({ url: '/media/avatars/..%2F..%2Fjwt-secret' })).statusCode);
    expect((await t.server.inject({ url: `/media/avatars/${'0'.repeat(64)}.webp` })).statusCode).toBe(404);
  });

  it('takes a JPEG sent as anything, turned upright and stripped of its metadata (camera, place)', async () => {
    const { token } = await member();
    const jpeg = await sharp({ create: { width: 300, height: 500, channels: 3, background: { r: 10, g: 120, b: 200 } } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Orientation: '6' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const profile = await accepted(token, { filename: 'photo.bin', contentType: 'application/octet-stream', data: jpeg });
    const served = await t.server.inject({ url: profile.avatar ?? '' });
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    expect(meta.exif).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('SecretCam'))).toBe(false);
  });

  it('replaces the old avatar, whose file goes unless another member has the same picture', async () => {
    const a = await member();
    const b = await member();
    const red = await png(64, 64, { r: 250, g: 0, b: 0 });
    const first = await accepted(a.token, { filename: 'red.png', contentType: 'image/png', data: red });
    const shared = await accepted(b.token, { filename: 'red.png', contentType: 'image/png', data: red });
    expect(shared.avatar).toBe(first.avatar);
    const redFile = path.basename(first.avatar ?? '');

    const second = await accepted(a.token, { filename: 'blue.png', contentType: 'image/png', data: await png(64, 64, { r: 0, g: 0, b: 250 }) });
    expect(second.avatar).not.toBe(first.avatar);
    // B still shows the red one.
    expect(storedAvatars()).toContain(redFile);

    const removed = await api.call('PATCH', apiPaths.me(), { token: b.token, body: { avatar: null } });
    expect(userProfileResponseSchema.parse(removed.body).data.avatar).toBeNull();
    expect(storedAvatars()).not.toContain(redFile);
    expect((await storedAvatarOf(b.user.id)).avatar_file).toBeNull();
    expect(storedAvatars()).toContain(path.basename(second.avatar ?? ''));
  });

  it('refuses a file that is not an image whatever its name, and keeps the avatar it had', async () => {
    const { user, token } = await member();
    const before = await accepted(token, { filename: 'ok.png', contentType: 'image/png', data: await png(32, 32) });
    const files = storedAvatars();
    const fakes: FilePart[] = [
      { filename: 'cat.png', contentType: 'image/png', data: Buffer.from('definitely not a picture, just text'.repeat(4)) },
      { filename: 'cat.jpg', contentType: 'image/jpeg', data: Buffer.from('<html><script>alert(1)</script></html>') },
      { filename: 'cat.gif', contentType: 'image/gif', data: Buffer.from('GIF89a/*\x00\x00*/=1;alert(document.cookie)//') },
    ];
    for (const fake of fakes) {
      api.refused(await uploadAvatar(token, fake), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    expect((await storedAvatarOf(user.id)).avatar).toBe(before.avatar);
    expect(storedAvatars()).toEqual(files);
  });

  it('refuses a truncated image and an image header on other content; a polyglot loses what it hid', async () => {
    const { token } = await member();
    const whole = await png(200, 200);
    const truncated = whole.subarray(0, Math.floor(whole.length / 2));
    api.refused(await uploadAvatar(token, { filename: 'half.png', contentType: 'image/png', data: truncated }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const headerOnly = Buffer.concat([whole.subarray(0, 33), Buffer.from('<svg onload="alert(1)"/>'.repeat(8))]);
    api.refused(await uploadAvatar(token, { filename: 'poly.png', contentType: 'image/png', data: headerOnly }), 415, 'UNSUPPORTED_MEDIA_TYPE');
    const jpeg = await sharp(whole).jpeg().toBuffer();
    api.refused(
      await uploadAvatar(token, { filename: 'cut.jpg', contentType: 'image/jpeg', data: jpeg.subarray(0, jpeg.length - 200) }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );

    // A whole image with a page after it decodes; what is stored is only its pixels, drawn again.
    const script = Buffer.from('<html><script>alert("polyglot")</script></html>');
    const profile = await accepted(token, { filename: 'poly.png', contentType: 'image/png', data: Buffer.concat([whole, script]) });
    const served = await t.server.inject({ url: profile.avatar ?? '' });
    expect(served.rawPayload.includes(Buffer.from('polyglot'))).toBe(false);
    expect((await sharp(served.rawPayload).metadata()).format).toBe('webp');
  });

  it('refuses SVG, however it is named', async () => {
    const { token } = await member();
    const svg = Buffer.from(
      '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><script>alert(1)</script><rect width="64" height="64" fill="red"/></svg>',
    );
    for (const part of [
      { filename: 'a.svg', contentType: 'image/svg+xml', data: svg },
      { filename: 'a.png', contentType: 'image/png', data: svg },
    ]) {
      api.refused(await uploadAvatar(token, part), 415, 'UNSUPPORTED_MEDIA_TYPE');
    }
  });

  it('refuses huge dimensions before decoding them, and more bytes than the limit', async () => {
    const { token } = await member();
    // A header that claims 100000 x 100000 (10 gigapixels) over a few bytes of data.
    const bomb = tinyPng(1, 1);
    bomb.writeUInt32BE(100_000, 16);
    bomb.writeUInt32BE(100_000, 20);
    const details = api.refused(await uploadAvatar(token, { filename: 'bomb.png', contentType: 'image/png', data: bomb }), 413, 'PAYLOAD_TOO_LARGE');
    expect(details).toMatchObject({ maxSide: AVATAR_LIMITS.maxSide, maxPixels: AVATAR_LIMITS.maxPixels });
    // The same with a correct CRC over the header, as the screenshots' own check is made.
    const crcBomb = pngBomb(60_000, 60_000);
    const crcDetails = api.refused(await uploadAvatar(token, { filename: 'bomb.png', contentType: 'image/png', data: crcBomb }), 413, 'PAYLOAD_TOO_LARGE');
    expect(crcDetails).toMatchObject({ width: 60_000, height: 60_000, maxPixels: AVATAR_LIMITS.maxPixels });
    const wide = await png(AVATAR_LIMITS.maxSide + 1, 2);
    api.refused(await uploadAvatar(token, { filename: 'wide.png', contentType: 'image/png', data: wide }), 413, 'PAYLOAD_TOO_LARGE');
    const big = Buffer.concat([await png(8, 8), Buffer.alloc(AVATAR_LIMITS.maxBytes + 1)]);
    api.refused(await uploadAvatar(token, { filename: 'big.png', contentType: 'image/png', data: big }), 413, 'PAYLOAD_TOO_LARGE');
  });

  it('is rate-limited per member, and a JSON body is refused without a 500', async () => {
    const { token } = await member();
    const image = { filename: 'a.png', contentType: 'image/png', data: tinyPng(4, 4) };
    for (let i = 0; i < AVATAR_LIMITS.perHour; i += 1) expect((await uploadAvatar(token, image)).status).toBe(200);
    const details = api.refused(await uploadAvatar(token, image), 429, 'RATE_LIMITED');
    expect(details.retryAfter).toEqual(expect.any(Number));
    const other = await member();
    expect((await uploadAvatar(other.token, image)).status).toBe(200);
    const json = await api.call('POST', apiPaths.avatar(), { token: other.token, body: { avatar: 'https://evil.example/a.png' } });
    api.refused(json, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });
});

describe('the profile: nickname, and only the caller’s own', () => {
  it('sets a trimmed nickname and refuses control characters and long ones', async () => {
    const { token } = await member();
    const set = await api.call('PATCH', apiPaths.me(), { token, body: { nickname: '  追剧小能手  ' } });
    expect(userProfileResponseSchema.parse(set.body).data.nickname).toBe('追剧小能手');
    for (const nickname of ['', '   ', 'a\u0000b', 'evil\u202Eeman', 'x'.repeat(21), 42]) {
      api.refused(await api.call('PATCH', apiPaths.me(), { token, body: { nickname } }), 400, 'VALIDATION_FAILED');
    }
    api.refused(await api.call('PATCH', apiPaths.me(), { body: { nickname: 'Nobody' } }), 401, 'UNAUTHORIZED');
  });

  it('a member cannot change someone else’s nickname or avatar, whatever ids the request names', async () => {
    const a = await member();
    const b = await member();
    await api.call('PATCH', apiPaths.me(), { token: a.token, body: { nickname: 'Alice' } });
    const aAvatar = await accepted(a.token, { filename: 'a.png', contentType: 'image/png', data: await png(20, 20, { r: 1, g: 2, b: 3 }) });

    const renamed = await api.call('PATCH', `${apiPaths.me()}?id=${a.user.id}`, {
      token: b.token,
      body: { nickname: 'Mallory', id: a.user.id, userId: a.user.id },
    });
    expect(userProfileResponseSchema.parse(renamed.body).data).toMatchObject({ id: b.user.id, nickname: 'Mallory' });
    const { body, contentType } = multipart([{ filename: 'm.png', contentType: 'image/png', data: await png(20, 20, { r: 9, g: 9, b: 9 }) }], {
      userId: String(a.user.id),
    });
    const uploaded = await t.server.inject({
      method: 'POST',
      url: `${API_BASE}${apiPaths.avatar()}?userId=${a.user.id}`,
      headers: { 'content-type': contentType, authorization: `Bearer ${b.token}` },
      payload: body,
    });
    expect(userProfileResponseSchema.parse(uploaded.json()).data.id).toBe(b.user.id);
    api.refused(await api.call('PATCH', apiPaths.me(), { token: b.token, body: { avatar: aAvatar.avatar } }), 400, 'VALIDATION_FAILED');

    expect(await storedAvatarOf(a.user.id)).toMatchObject({ nickname: 'Alice', avatar: aAvatar.avatar });
  });
});

describe('completeProfile', () => {
  async function profileTask(token: string) {
    const answer = await api.call('GET', apiPaths.tasks(), { token });
    return taskListResponseSchema.parse(answer.body).data.items.find((task) => task.type === 'completeProfile');
  }

  it('is complete with a nickname and an uploaded avatar, and pays once when claimed twice at once', async () => {
    const { user, token } = await member();
    // An address written into the avatar by anything but the upload does not count.
    await t.database.db.updateTable('users').set({ avatar: '/media/avatars/borrowed.webp' }).where('id', '=', user.id).execute();
    expect(await profileTask(token)).toMatchObject({ status: 'not_started', progress: 0, target: 2 });
    await api.call('PATCH', apiPaths.me(), { token, body: { nickname: 'Owl' } });
    expect(await profileTask(token)).toMatchObject({ status: 'in_progress', progress: 1 });
    api.refused(await api.call('POST', apiPaths.taskClaim('completeProfile'), { token }), 422, 'TASK_NOT_COMPLETED');

    // Two uploads at once both complete it; it still pays once.
    const [one, two] = await Promise.all([
      uploadAvatar(token, { filename: 'a.png', contentType: 'image/png', data: await png(30, 30, { r: 5, g: 5, b: 5 }) }),
      uploadAvatar(token, { filename: 'b.png', contentType: 'image/png', data: await png(30, 30, { r: 6, g: 6, b: 6 }) }),
    ]);
    expect([one.status, two.status]).toEqual([200, 200]);
    expect(storedAvatars()).toContain((await storedAvatarOf(user.id)).avatar_file);
    expect(await profileTask(token)).toMatchObject({ status: 'completed', progress: 2 });

    const claims = await Promise.all([0, 1].map(() => api.call('POST', apiPaths.taskClaim('completeProfile'), { token })));
    expect(claims.map((answer) => answer.status).sort()).toEqual([200, 409]);
    const paid = claims.find((answer) => answer.status === 200);
    expect(taskClaimResponseSchema.parse(paid?.body).data).toMatchObject({ reward: 30, balance: 30 });
    const records = await t.database.db
      .selectFrom('points_records')
      .select(['amount', 'reference'])
      .where('user_id', '=', user.id)
      .execute();
    expect(records).toEqual([{ amount: 30, reference: 'task:completeProfile:once' }]);
    expect(await profileTask(token)).toMatchObject({ status: 'received' });
  });
});
