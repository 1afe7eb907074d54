import { API_BASE, apiPaths, errorEnvelopeSchema, playInfoResponseSchema } from '@drama/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildUser } from '../support/factories.js';
import { membershipClient } from '../support/membership.js';
import { seededEpisodes } from '../support/catalogue.js';
import { useTestApp } from '../support/test-app.js';

/**
 * DESIGN.md section 4, media protection: a locked episode's addresses (MP4, HLS master and
 * variant playlists, HLS segments) are signed and expire; the media route refuses them
 * unsigned, altered, expired or moved to another episode, and serves them with a valid
 * signature. Free episodes stay public. The demo's one HLS ladder belongs to the drama
 * flash-marriage-billionaire, whose locked episodes share two clips.
 */

interface EpisodeRef {
  id: number;
  is_free: boolean;
  media_key: string;
}

const t = useTestApp({ RECONCILE_INTERVAL_SECONDS: '0' });
let hlsFree: EpisodeRef;
let hlsLocked: EpisodeRef;
let hlsLockedTwin: EpisodeRef;
let mp4Free: EpisodeRef;
let mp4Locked: EpisodeRef;
let mp4LockedTwin: EpisodeRef;

beforeAll(async () => {
  const episodes = await seededEpisodes(t);
  const ladder = episodes.filter((episode) => episode.slug === 'flash-marriage-billionaire');
  const other = episodes.filter((episode) => episode.slug !== 'flash-marriage-billionaire');
  const pick = (list: EpisodeRef[], what: string, index = 0) => {
    const found = list[index];
    if (!found) throw new Error(`expected ${what}`);
    return found;
  };
  hlsFree = pick(ladder.filter((e) => e.is_free), 'a free episode with HLS');
  // Two locked episodes that play the very same stored clip.
  const lockedHls = ladder.filter((e) => !e.is_free);
  hlsLocked = pick(lockedHls, 'a locked episode with HLS');
  hlsLockedTwin = pick(lockedHls.filter((e) => e.id !== hlsLocked.id && e.media_key === hlsLocked.media_key), 'a twin');
  mp4Free = pick(other.filter((e) => e.is_free), 'a free MP4 episode');
  const lockedMp4 = other.filter((e) => !e.is_free);
  mp4Locked = pick(lockedMp4, 'a locked MP4 episode');
  mp4LockedTwin = pick(lockedMp4.filter((e) => e.id !== mp4Locked.id && e.media_key === mp4Locked.media_key), 'an MP4 twin');
  expect(t.services.catalogue.hls.has(hlsLocked.media_key)).toBe(true);
  expect(t.services.catalogue.hls.has(mp4Locked.media_key)).toBe(false);
});

async function get(url: string, method: 'GET' | 'HEAD' = 'GET', headers: Record<string, string> = {}) {
  return t.server.inject({ method, url, headers });
}

async function refused(url: string) {
  for (const method of ['GET', 'HEAD'] as const) {
    const response = await get(url, method);
    expect(response.statusCode, `${method} ${url}`).toBe(403);
    if (method === 'GET') expect(errorEnvelopeSchema.parse(response.json()).code).toBe('FORBIDDEN');
  }
}

/** The play address a member with VIP is given. */
async function playUrl(episodeId: number): Promise<URL> {
  const vip = await buildUser(t.database.db, t.ctx.tokens, { vipDays: 1 });
  const response = await get(`${API_BASE}${apiPaths.play(episodeId)}`, 'GET', vip.auth);
  expect(response.statusCode, response.body).toBe(200);
  const info = playInfoResponseSchema.parse(response.json()).data;
  expect(info.expiresAt).not.toBeNull();
  return new URL(info.playUrl, 'http://localhost');
}

function uris(playlist: string): string[] {
  return playlist
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
}

function altered(sig: string): string {
  return `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
}

/** The refusals every locked address gets: unsigned, altered, later expiry, expired, someone else's. */
async function expectProtected(url: URL, twin: (path: string) => string) {
  const exp = url.searchParams.get('exp') ?? '';
  const sig = url.searchParams.get('sig') ?? '';
  await refused(url.pathname);
  await refused(`${url.pathname}?exp=${exp}`);
  await refused(`${url.pathname}?sig=${sig}`);
  await refused(`${url.pathname}?exp=${exp}&sig=${altered(sig)}`);
  await refused(`${url.pathname}?exp=${Number(exp) + 3600}&sig=${sig}`);
  await refused(`${url.pathname}?exp=abc&sig=${sig}`);
  await refused(`${url.pathname}?exp=0${exp}&sig=${sig}`);
  await refused(t.ctx.mediaSigner.sign(url.pathname, Date.now() - 2 * t.ctx.config.MEDIA_URL_TTL_SECONDS * 1000).url);
  // The same stored file under another locked episode's address is another address.
  await refused(`${twin(url.pathname)}?exp=${exp}&sig=${sig}`);
}

describe('a locked episode as MP4', () => {
  it('is served with its valid signature, and refused without, altered, expired or moved', async () => {
    const url = await playUrl(mp4Locked.id);
    expect(url.pathname).toBe(`/media/episodes/${mp4Locked.id}/video.mp4`);
    const served = await get(`${url.pathname}${url.search}`, 'GET', { range: 'bytes=0-1023' });
    expect(served.statusCode).toBe(206);
    expect(served.headers['cache-control']).toBe('private, max-age=3600');
    await expectProtected(url, (path) => path.replace(`/${mp4Locked.id}/`, `/${mp4LockedTwin.id}/`));
  });
});

describe('a locked episode as HLS', () => {
  it('protects the master playlist', async () => {
    const url = await playUrl(hlsLocked.id);
    expect(url.pathname).toBe(`/media/episodes/${hlsLocked.id}/index.m3u8`);
    const master = await get(`${url.pathname}${url.search}`);
    expect(master.statusCode).toBe(200);
    expect(master.body.startsWith('#EXTM3U')).toBe(true);
    await expectProtected(url, (path) => path.replace(`/${hlsLocked.id}/`, `/${hlsLockedTwin.id}/`));
  });

  it('signs every variant and segment with the master’s expiry, and protects each of them', async () => {
    const url = await playUrl(hlsLocked.id);
    const exp = url.searchParams.get('exp');
    const master = await get(`${url.pathname}${url.search}`);
    const variants = uris(master.body).map((uri) => new URL(uri, url));
    expect(variants.length).toBeGreaterThanOrEqual(1);
    for (const variant of variants) {
      expect(variant.searchParams.get('exp')).toBe(exp);
      const playlist = await get(`${variant.pathname}${variant.search}`);
      expect(playlist.statusCode).toBe(200);
      expect(playlist.headers['cache-control']).toContain('no-store');
      await expectProtected(variant, (path) => path.replace(`/${hlsLocked.id}/`, `/${hlsLockedTwin.id}/`));

      const segments = uris(playlist.body).map((uri) => new URL(uri, variant));
      expect(segments.length).toBeGreaterThan(1);
      for (const segment of segments) expect(segment.searchParams.get('exp')).toBe(exp);
      const [first, second] = segments;
      if (!first || !second) throw new Error('expected two segments');
      const served = await get(`${first.pathname}${first.search}`);
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('video/mp2t');
      // Never kept by a shared cache, where it would outlive its signature.
      expect(served.headers['cache-control']).toBe('private, max-age=3600');
      await expectProtected(first, (path) => path.replace(`/${hlsLocked.id}/`, `/${hlsLockedTwin.id}/`));
      // One segment's signature does not open the next one.
      await refused(`${second.pathname}?exp=${first.searchParams.get('exp')}&sig=${first.searchParams.get('sig')}`);
    }
  });

  it('is not given to a member without VIP, nor to a guest', async () => {
    const member = await buildUser(t.database.db, t.ctx.tokens);
    const api = membershipClient(t);
    api.refused(await api.call('GET', apiPaths.play(hlsLocked.id), { auth: member.auth }), 403, 'VIP_REQUIRED');
    api.refused(await api.call('GET', apiPaths.play(hlsLocked.id)), 401, 'UNAUTHORIZED');
  });
});

describe('free episodes', () => {
  it('stay public: MP4, HLS playlists and segments need no signature', async () => {
    const mp4 = await get(`/media/episodes/${mp4Free.id}/video.mp4`, 'GET', { range: 'bytes=0-99' });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.headers['cache-control']).toContain('public');
    const master = await get(`/media/episodes/${hlsFree.id}/index.m3u8`);
    expect(master.statusCode).toBe(200);
    const [variant] = uris(master.body);
    expect(variant).not.toContain('sig=');
    const variantUrl = new URL(variant ?? '', `http://localhost/media/episodes/${hlsFree.id}/index.m3u8`);
    const playlist = await get(variantUrl.pathname);
    expect(playlist.statusCode).toBe(200);
    const [segment] = uris(playlist.body);
    const segmentUrl = new URL(segment ?? '', variantUrl);
    expect((await get(segmentUrl.pathname)).statusCode).toBe(200);
  });
});
