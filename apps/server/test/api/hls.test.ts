import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { API_BASE, apiPaths, errorEnvelopeSchema, playInfoResponseSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { useTestApp } from '../support/test-app.js';

const PLAYLIST = 'application/vnd.apple.mpegurl';

const t = useTestApp();
let free: { id: number; dramaId: number };
let locked: { id: number; dramaId: number };
let otherLocked: { id: number };
let mp4Only: { id: number };

beforeAll(async () => {
  // The server finds a clip's HLS by its folder, MEDIA_DIR/hls/<clip> (scripts/media/make-hls.sh).
  const folder = path.join(t.ctx.config.MEDIA_DIR, 'hls');
  const clips = existsSync(folder) ? readdirSync(folder).filter((clip) => t.services.catalogue.hls.has(clip)) : [];
  if (clips.length === 0) throw new Error('no HLS clips in media/ (run scripts/media/make-hls.sh)');
  const episodes = await t.database.db
    .selectFrom('episodes')
    .select(['id', 'drama_id as dramaId', 'is_free', 'media_key', 'sequence'])
    .orderBy('drama_id')
    .orderBy('sequence')
    .execute();
  const withHls = episodes.filter((e) => clips.includes(e.media_key));
  const lockedHls = withHls.filter((e) => !e.is_free);
  free = must(withHls.find((e) => e.is_free), 'a free HLS episode');
  locked = must(lockedHls[0], 'a locked HLS episode');
  otherLocked = must(lockedHls[1], 'two locked HLS episodes');
  mp4Only = must(
    episodes.find((e) => e.is_free && !clips.includes(e.media_key)),
    'an episode without HLS',
  );
});

function must<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`expected ${what}`);
  return value;
}

async function get(url: string, headers: Record<string, string> = {}) {
  return t.server.inject({ method: 'GET', url, headers });
}

async function play(episodeId: number, headers: Record<string, string> = {}) {
  const response = await get(`${API_BASE}${apiPaths.play(episodeId)}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return playInfoResponseSchema.parse(response.json()).data;
}

/** The URIs of a playlist: every line that is not a tag or blank. */
function uris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function resolve(uri: string, base: string): URL {
  return new URL(uri, new URL(base, 'http://localhost'));
}

describe('HLS of a free episode', () => {
  it('is its play address, public', async () => {
    const info = await play(free.id);
    expect(info).toMatchObject({ playUrl: `/media/episodes/${free.id}/index.m3u8`, expiresAt: null, format: 'hls' });
  });

  it('serves the master, both rungs and their segments with the right types', async () => {
    const masterUrl = `/media/episodes/${free.id}/index.m3u8`;
    const master = await get(masterUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(new RegExp(`^${PLAYLIST}`));
    expect(master.headers['cache-control']).toContain('public');
    expect(master.body.startsWith('#EXTM3U')).toBe(true);
    expect(master.body).toMatch(/RESOLUTION=360x640/);
    expect(master.body).toMatch(/RESOLUTION=240x426/);
    expect(master.body).toMatch(/BANDWIDTH=\d+/);
    const variants = uris(master.body);
    expect(variants).toEqual(['360p/index.m3u8', '240p/index.m3u8']);

    for (const variant of variants) {
      const variantUrl = resolve(variant, masterUrl);
      const playlist = await get(variantUrl.pathname);
      expect(playlist.statusCode, variant).toBe(200);
      expect(playlist.headers['content-type']).toMatch(new RegExp(`^${PLAYLIST}`));
      expect(playlist.body).toContain('#EXT-X-TARGETDURATION:2');
      expect(playlist.body).toContain('#EXT-X-ENDLIST');
      const segments = uris(playlist.body);
      expect(segments.length).toBeGreaterThan(3);
      expect(segments.every((s) => /^seg-\d{3}\.ts$/.test(s))).toBe(true);

      const segment = await get(resolve(segments[0] ?? '', variantUrl.pathname).pathname);
      expect(segment.statusCode).toBe(200);
      expect(segment.headers['content-type']).toBe('video/mp2t');
      expect(segment.rawPayload[0]).toBe(0x47); // MPEG-TS sync byte
      expect(segment.rawPayload.length % 188).toBe(0);
    }
  });

  it('answers Range requests on segments', async () => {
    const url = `/media/episodes/${free.id}/360p/seg-000.ts`;
    const response = await get(url, { range: 'bytes=0-187' });
    expect(response.statusCode).toBe(206);
    expect(response.rawPayload.length).toBe(188);
  });

  it('keeps subtitles beside the playlist and the MP4 as a fallback', async () => {
    const vtt = await get(`/media/episodes/${free.id}/index.en.vtt`);
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body.startsWith('WEBVTT')).toBe(true);
    const mp4 = await get(`/media/episodes/${free.id}/video.mp4`, { range: 'bytes=0-99' });
    expect(mp4.statusCode).toBe(206);
  });

  it('refuses unknown rungs, files and folders', async () => {
    expect((await get(`/media/episodes/${free.id}/720p/index.m3u8`)).statusCode).toBe(404);
    expect((await get(`/media/episodes/${free.id}/360p/seg-999.ts`)).statusCode).toBe(404);
    expect((await get(`/media/episodes/${free.id}/360p/video.mp4`)).statusCode).toBe(400);
    expect((await get(`/media/episodes/${free.id}/..%2f..%2f/index.m3u8`)).statusCode).toBeGreaterThanOrEqual(400);
    expect((await get(`/media/episodes/${free.id}/master.m3u8`)).statusCode).toBe(400);
    const direct = await get('/media/hls/anything/master.m3u8');
    expect(direct.statusCode).toBe(404);
  });
});

describe('episodes without HLS', () => {
  it('keep the MP4 address and have no playlist', async () => {
    const info = await play(mp4Only.id);
    expect(info).toMatchObject({ playUrl: `/media/episodes/${mp4Only.id}/video.mp4`, format: 'mp4' });
    const response = await get(`/media/episodes/${mp4Only.id}/index.m3u8`);
    expect(response.statusCode).toBe(404);
    expect((await get(`/media/episodes/${mp4Only.id}/360p/index.m3u8`)).statusCode).toBe(404);
  });
});

describe('HLS of a locked episode', () => {
  async function signedMaster() {
    const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 30 });
    const info = await play(locked.id, vip.auth);
    expect(info.format).toBe('hls');
    expect(info.playUrl).toMatch(new RegExp(`^/media/episodes/${locked.id}/index\\.m3u8\\?exp=\\d+&sig=[\\w-]+$`));
    return info;
  }

  it('is refused to guests and members without VIP before any address is given', async () => {
    expect((await get(`${API_BASE}${apiPaths.play(locked.id)}`)).statusCode).toBe(401);
    const member = await buildUser(t.database.db, t.ctx.tokens);
    expect((await get(`${API_BASE}${apiPaths.play(locked.id)}`, member.auth)).statusCode).toBe(403);
  });

  it('signs every playlist and segment address, with the expiry of the address given', async () => {
    const info = await signedMaster();
    const exp = new URL(info.playUrl, 'http://localhost').searchParams.get('exp');
    const master = await get(info.playUrl);
    expect(master.statusCode).toBe(200);
    expect(master.headers['content-type']).toMatch(new RegExp(`^${PLAYLIST}`));
    expect(master.headers['cache-control']).toContain('private');
    const variants = uris(master.body);
    expect(variants).toHaveLength(2);

    for (const variant of variants) {
      expect(variant).toMatch(/^\d{3}p\/index\.m3u8\?exp=\d+&sig=[\w-]+$/);
      const variantUrl = resolve(variant, info.playUrl);
      expect(variantUrl.searchParams.get('exp')).toBe(exp);
      const playlist = await get(`${variantUrl.pathname}${variantUrl.search}`);
      expect(playlist.statusCode, variant).toBe(200);
      expect(playlist.headers['content-type']).toMatch(new RegExp(`^${PLAYLIST}`));
      const segments = uris(playlist.body);
      expect(segments.length).toBeGreaterThan(3);
      for (const segment of segments) {
        expect(segment).toMatch(/^seg-\d{3}\.ts\?exp=\d+&sig=[\w-]+$/);
        expect(resolve(segment, variantUrl.pathname).searchParams.get('exp')).toBe(exp);
      }
      const first = resolve(segments[0] ?? '', `${variantUrl.pathname}`);
      const response = await get(`${first.pathname}${first.search}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('video/mp2t');
      expect(response.headers['cache-control']).toContain('private');
      expect(response.rawPayload[0]).toBe(0x47);

      // Unsigned playlists and segments are refused.
      expect((await get(variantUrl.pathname)).statusCode).toBe(403);
      expect((await get(first.pathname)).statusCode).toBe(403);
    }
  });

  it('refuses an altered, misapplied or expired segment signature', async () => {
    const info = await signedMaster();
    const master = await get(info.playUrl);
    const variantUrl = resolve(uris(master.body)[0] ?? '', info.playUrl);
    const playlist = await get(`${variantUrl.pathname}${variantUrl.search}`);
    const [first, second] = uris(playlist.body).map((uri) => resolve(uri, variantUrl.pathname));
    if (!first || !second) throw new Error('expected two segments');
    const sig = first.searchParams.get('sig') ?? '';
    const exp = first.searchParams.get('exp') ?? '';

    const forbidden = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(errorEnvelopeSchema.parse(response.json()).code).toBe('FORBIDDEN');
    };
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    await forbidden(`${first.pathname}?exp=${exp}&sig=${flipped}`);
    await forbidden(`${first.pathname}?exp=${Number(exp) + 60}&sig=${sig}`);
    await forbidden(`${second.pathname}?exp=${exp}&sig=${sig}`);
    await forbidden(`${first.pathname.replace(`/${locked.id}/`, `/${otherLocked.id}/`)}?exp=${exp}&sig=${sig}`);
    await forbidden(`${first.pathname.replace('/360p/', '/240p/')}?exp=${exp}&sig=${sig}`);
    const expired = t.ctx.mediaSigner.sign(first.pathname, Date.now() - 2 * 86_400_000);
    await forbidden(expired.url);

    // The master's own signature does not open a rung playlist either.
    const masterQuery = new URL(info.playUrl, 'http://localhost').search;
    await forbidden(`${variantUrl.pathname}${masterQuery}`);
  });

  it('opens its subtitles with the signature of its playlist only', async () => {
    const info = await signedMaster();
    const query = new URL(info.playUrl, 'http://localhost').search;
    expect((await get(`/media/episodes/${locked.id}/index.en.vtt`)).statusCode).toBe(403);
    const subtitles = await get(`/media/episodes/${locked.id}/index.en.vtt${query}&t=3`);
    expect(subtitles.statusCode).toBe(200);
    expect(subtitles.body.startsWith('WEBVTT')).toBe(true);
    expect((await get(`/media/episodes/${otherLocked.id}/index.en.vtt${query}`)).statusCode).toBe(403);
  });

  it('stops working when the address it came from expires', async () => {
    const ttlMs = t.ctx.config.MEDIA_URL_TTL_SECONDS * 1000;
    const expiringSoon = t.ctx.mediaSigner.sign(`/media/episodes/${locked.id}/index.m3u8`, Date.now() - ttlMs + 5_000);
    const master = await get(expiringSoon.url);
    expect(master.statusCode).toBe(200);
    const expected = String(Math.floor(expiringSoon.expiresAt.getTime() / 1000));
    for (const uri of uris(master.body)) {
      expect(resolve(uri, expiringSoon.url).searchParams.get('exp')).toBe(expected);
    }
  });
});
