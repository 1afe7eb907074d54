import {
  type DramaDetail,
  dramaDetailResponseSchema,
  dramaListResponseSchema,
  errorEnvelopeSchema,
  playInfoResponseSchema,
} from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const t = useTestApp();
let freeId: number;
let lockedId: number;
let otherLockedId: number;
let coverUrl: string;

beforeAll(async () => {
  const list = dramaListResponseSchema.parse((await t.server.inject('/api/v1/client/dramas?limit=50')).json());
  // These tests are about MP4: the first drama whose clips have no HLS ladder (hls.test.ts has those).
  let drama: (typeof list.data.items)[number] | undefined;
  let detail: DramaDetail | undefined;
  for (const candidate of list.data.items) {
    detail = dramaDetailResponseSchema.parse((await t.server.inject(`/api/v1/client/dramas/${candidate.id}`)).json()).data;
    const free = detail.episodes.find((e) => e.isFree);
    const play = playInfoResponseSchema.parse((await t.server.inject(`/api/v1/client/episodes/${free?.id}/play`)).json());
    if (play.data.format === 'mp4') {
      drama = candidate;
      break;
    }
  }
  if (!drama || !detail) throw new Error('no drama plays as MP4');
  coverUrl = drama.coverUrl;
  freeId = detail.episodes.find((e) => e.isFree)?.id ?? 0;
  const locked = detail.episodes.filter((e) => !e.isFree);
  lockedId = locked[0]?.id ?? 0;
  otherLockedId = locked[1]?.id ?? 0;
});

/** The play info a member with VIP is given for an episode (its signed addresses). */
async function vipPlayInfo(episodeId: number) {
  const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 7 });
  const response = await t.server.inject({ url: `/api/v1/client/episodes/${episodeId}/play`, headers: vip.auth });
  return playInfoResponseSchema.parse(response.json()).data;
}

describe('episode media', () => {
  it('serves a free episode as MP4 with ETag and caching', async () => {
    const response = await t.server.inject(`/media/episodes/${freeId}/video.mp4`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('video/mp4');
    expect(response.headers.etag).toBeTruthy();
    expect(response.headers['accept-ranges']).toBe('bytes');
    expect(response.headers['cache-control']).toContain('public');
    expect(response.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');

    const again = await t.server.inject({
      url: `/media/episodes/${freeId}/video.mp4`,
      headers: { 'if-none-match': String(response.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
  });

  it('answers a Range request with 206 and a correct Content-Range', async () => {
    const full = await t.server.inject(`/media/episodes/${freeId}/video.mp4`);
    const size = full.rawPayload.length;
    const response = await t.server.inject({ url: `/media/episodes/${freeId}/video.mp4`, headers: { range: 'bytes=100-1099' } });
    expect(response.statusCode).toBe(206);
    expect(response.headers['content-range']).toBe(`bytes 100-1099/${size}`);
    expect(response.rawPayload.length).toBe(1000);
    expect(response.rawPayload.equals(full.rawPayload.subarray(100, 1100))).toBe(true);

    const tail = await t.server.inject({ url: `/media/episodes/${freeId}/video.mp4`, headers: { range: `bytes=${size}-` } });
    expect(tail.statusCode).toBe(416);
    expect(tail.headers['content-range']).toBe(`bytes */${size}`);
  });

  it('serves subtitles beside the video as WebVTT in three languages', async () => {
    for (const language of ['zh', 'zh-Hant', 'en']) {
      const response = await t.server.inject(`/media/episodes/${freeId}/video.${language}.vtt`);
      expect(response.statusCode, language).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/vtt/);
      expect(response.body.startsWith('WEBVTT')).toBe(true);
    }
  });

  it('refuses a locked episode without a valid signature', async () => {
    const unsigned = await t.server.inject(`/media/episodes/${lockedId}/video.mp4`);
    expect(unsigned.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(unsigned.json()).code).toBe('FORBIDDEN');

    const play = await vipPlayInfo(lockedId);
    const signed = await t.server.inject({ url: play.playUrl, headers: { range: 'bytes=0-99' } });
    expect(signed.statusCode).toBe(206);
    expect(signed.headers['cache-control']).toContain('private');

    const url = new URL(play.playUrl, 'http://x');
    const otherEpisode = await t.server.inject(`/media/episodes/${otherLockedId}/video.mp4${url.search}`);
    expect(otherEpisode.statusCode).toBe(403);
    const later = String(Number(url.searchParams.get('exp')) + 60);
    const altered = await t.server.inject(`${url.pathname}?exp=${later}&sig=${url.searchParams.get('sig')}`);
    expect(altered.statusCode).toBe(403);
    const expiredSig = t.ctx.mediaSigner.sign(url.pathname, Date.now() - 2 * 3600_000 - 1000);
    expect((await t.server.inject(expiredSig.url)).statusCode).toBe(403);
  });

  it('opens a locked episode\'s subtitles only with a valid signature of its video', async () => {
    const unsigned = await t.server.inject(`/media/episodes/${lockedId}/video.en.vtt`);
    expect(unsigned.statusCode).toBe(403);
    expect(errorEnvelopeSchema.parse(unsigned.json()).code).toBe('FORBIDDEN');

    const play = await vipPlayInfo(lockedId);
    const url = new URL(play.playUrl, 'http://x');
    expect(url.pathname).toBe(`/media/episodes/${lockedId}/video.mp4`);
    for (const language of ['zh', 'zh-Hant', 'en']) {
      const response = await t.server.inject(`/media/episodes/${lockedId}/video.${language}.vtt${url.search}&t=1`);
      expect(response.statusCode).toBe(200);
      expect(response.body.startsWith('WEBVTT')).toBe(true);
      expect(response.headers['cache-control']).toContain('private');
    }

    // Not with the signature of another episode, an altered expiry or an expired one.
    expect((await t.server.inject(`/media/episodes/${otherLockedId}/video.en.vtt${url.search}`)).statusCode).toBe(403);
    const later = String(Number(url.searchParams.get('exp')) + 60);
    const altered = `/media/episodes/${lockedId}/video.en.vtt?exp=${later}&sig=${url.searchParams.get('sig')}`;
    expect((await t.server.inject(altered)).statusCode).toBe(403);
    const expired = new URL(t.ctx.mediaSigner.sign(url.pathname, Date.now() - 2 * 3600_000 - 1000).url, 'http://x');
    expect((await t.server.inject(`/media/episodes/${lockedId}/video.en.vtt${expired.search}`)).statusCode).toBe(403);
  });

  it('gives 404 for unknown episodes, unknown files and stored clip names', async () => {
    expect((await t.server.inject('/media/episodes/999999/video.mp4')).statusCode).toBe(404);
    const badFile = await t.server.inject(`/media/episodes/${freeId}/video.avi`);
    expect(badFile.statusCode).toBe(400);
    const clips = await t.server.inject('/media/clips/anything.mp4');
    expect(clips.statusCode).toBe(404);
    expect(errorEnvelopeSchema.parse(clips.json()).code).toBe('NOT_FOUND');
  });

  it('never lets a path escape the media folder', async () => {
    for (const url of [
      '/media/covers/../manifest.json',
      '/media/covers/..%2f..%2fpackage.json',
      '/media/covers/%2e%2e/%2e%2e/package.json',
      '/media/../package.json',
      `/media/episodes/${freeId}/..%2f..%2fpackage.json`,
    ]) {
      // Either refused, or normalised to a path inside the app (the SPA's index.html): never the file.
      const response = await t.server.inject(url);
      expect(response.statusCode, url).toBeLessThan(500);
      expect(response.body, url).not.toContain('"workspaces"');
      expect(response.body, url).not.toContain('"clips"');
    }
  });
});

describe('covers', () => {
  it('serves covers as JPEG with a cache lifetime', async () => {
    const response = await t.server.inject(coverUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/jpeg');
    expect(response.headers['cache-control']).toContain('max-age=');
    expect(response.rawPayload.subarray(0, 2).toString('hex')).toBe('ffd8');
  });
});
