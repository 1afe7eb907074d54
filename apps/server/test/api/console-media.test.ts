import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  type ConsoleEpisode,
  consoleEpisodeListResponseSchema,
  consoleEpisodeResponseSchema,
  dramaDetailResponseSchema,
  type MediaJob,
  mediaJobListResponseSchema,
  mediaJobResponseSchema,
  noticeListResponseSchema,
  playInfoResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { makeClip, makeNonVideo } from '../support/media-clips.js';
import { memberCalls } from '../support/member-calls.js';
import { useTestApp } from '../support/test-app.js';
import { TusClient, uploadIdOf } from '../support/tus-client.js';

/**
 * The console's episodes and media, end to end on one server: uploads by the tus protocol over
 * real HTTP (resumed after a dropped connection), episodes made from them and processed in the
 * background into an HLS ladder, an MP4 and a poster, and served to viewers only once ready.
 */

const t = useTestApp({ MEDIA_LADDER: '144,240', JOBS_POLL_SECONDS: '0.5' });
const members = memberCalls(t);
const work = mkdtempSync(path.join(os.tmpdir(), 'drama-console-media-'));
let baseUrl = '';
let content: ConsoleCaller;
let clip: Buffer;
let dramaId: number;

beforeAll(async () => {
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  const address = t.server.server.address();
  baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  content = await consoleAs(t, 'content');
  clip = readFileSync(await makeClip(path.join(work, 'clip.mp4')));
  const drama = await t.database.db.selectFrom('dramas').select(['id']).orderBy('id').executeTakeFirstOrThrow();
  dramaId = drama.id;
}, 60_000);
afterAll(() => rmSync(work, { recursive: true, force: true }));

function call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown, caller: ConsoleCaller = content) {
  return t.server.inject({ method, url: `${API_BASE}/console${url}`, headers: caller.headers, ...(payload === undefined ? {} : { payload: payload as object }) });
}

async function episodes(): Promise<ConsoleEpisode[]> {
  return consoleEpisodeListResponseSchema.parse((await call('GET', `/dramas/${dramaId}/episodes`)).json()).data.items;
}

async function jobOf(id: number): Promise<MediaJob> {
  return mediaJobResponseSchema.parse((await call('GET', `/media-jobs/${id}`)).json()).data;
}

async function finished(jobId: number, timeoutMs = 45_000): Promise<MediaJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = await jobOf(jobId);
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state} at ${job.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function viewerEpisodeIds(): Promise<number[]> {
  const response = await t.server.inject({ url: `${API_BASE}${apiPaths.drama(dramaId)}` });
  return dramaDetailResponseSchema.parse(response.json()).data.episodes.map((episode) => episode.id);
}

describe('uploads by the tus protocol', () => {
  it('takes a video in chunks and resumes after a connection drops mid-chunk', async () => {
    const tus = new TusClient(baseUrl, content.headers);
    const created = await tus.create(clip.length, { filename: 'episode-1.mp4', filetype: 'video/mp4' });
    expect(created.status).toBe(201);
    const location = created.headers.get('location') ?? '';
    expect(location).toMatch(/^\/api\/v1\/console\/uploads\/[a-f0-9]{32}$/);

    const first = Math.floor(clip.length / 3);
    expect((await tus.patch(location, 0, clip.subarray(0, first))).status).toBe(204);
    await tus.interruptedPatch(location, first, clip.subarray(first), Math.floor((clip.length - first) / 2));
    const resumeAt = await tus.offset(location);
    expect(resumeAt).toBeGreaterThanOrEqual(first);
    expect(resumeAt).toBeLessThan(clip.length);
    const last = await tus.patch(location, resumeAt, clip.subarray(resumeAt));
    expect(last.status).toBe(204);
    expect(Number(last.headers.get('upload-offset'))).toBe(clip.length);

    const stored = await t.ctx.storage.get(`uploads/${uploadIdOf(location)}`);
    const chunks: Buffer[] = [];
    for await (const chunk of stored) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(clip)).toBe(true);
  });

  it('answers HEAD of a finished upload with its whole length, so a client cut off after the last byte does not start again', async () => {
    const tus = new TusClient(baseUrl, content.headers);
    const created = await tus.create(clip.length, { filename: 'finished.mp4', filetype: 'video/mp4' });
    const location = created.headers.get('location') ?? '';
    expect((await tus.patch(location, 0, clip)).status).toBe(204);
    const head = await fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: { ...content.headers, 'Tus-Resumable': '1.0.0' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('upload-offset')).toBe(String(clip.length));
    expect(head.headers.get('upload-length')).toBe(String(clip.length));
    expect(head.headers.get('cache-control')).toBe('no-store');
    // Only operators who may upload learn about it.
    const support = await consoleAs(t, 'support');
    expect((await fetch(`${baseUrl}${location}`, { method: 'HEAD', headers: { ...support.headers, 'Tus-Resumable': '1.0.0' } })).status).toBe(403);
  });

  it('refuses too large, non-video and unsized uploads in the error envelope', async () => {
    const tus = new TusClient(baseUrl, content.headers);
    const tooLarge = await tus.create(t.ctx.config.UPLOAD_MAX_BYTES + 1, { filename: 'big.mp4', filetype: 'video/mp4' });
    expect(tooLarge.status).toBe(413);
    expect(await tooLarge.json()).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE' });
    const notVideo = await tus.create(1000, { filename: 'cover.png', filetype: 'image/png' });
    expect(notVideo.status).toBe(415);
    expect(await notVideo.json()).toMatchObject({ success: false, code: 'UNSUPPORTED_MEDIA_TYPE' });
    const deferred = await tus.create(0, { filename: 'a.mp4', filetype: 'video/mp4' }, { 'Upload-Defer-Length': '1' });
    expect(deferred.status).toBe(400);
    expect(await deferred.json()).toMatchObject({ success: false, code: 'BAD_REQUEST' });
  });

  it('is for operators of role content: support is refused, and so is a caller without a session', async () => {
    const support = await consoleAs(t, 'support');
    const refused = await new TusClient(baseUrl, support.headers).create(clip.length, { filename: 'a.mp4', filetype: 'video/mp4' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'OPERATOR_FORBIDDEN' });
    const anonymous = await new TusClient(baseUrl, {}).create(clip.length, { filename: 'a.mp4', filetype: 'video/mp4' });
    expect(anonymous.status).toBe(401);
    expect((await call('GET', `/dramas/${dramaId}/episodes`, undefined, support)).statusCode).toBe(403);
  });
});

describe('episodes from uploads', () => {
  let made: ConsoleEpisode[] = [];

  it('makes an episode of each upload, in order, hidden from viewers until its media is ready', async () => {
    const tus = new TusClient(baseUrl, content.headers);
    const fan = await members.member();
    expect((await members.call('POST', apiPaths.favorite(dramaId), fan.auth)).status).toBe(200);
    const before = await episodes();
    const ids = [await tus.upload(clip, 'ep-a.mp4'), await tus.upload(clip, 'ep-b.mp4')];
    const response = await call('POST', `/dramas/${dramaId}/episodes`, { uploadIds: ids });
    expect(response.statusCode).toBe(200);
    const after = consoleEpisodeListResponseSchema.parse(response.json()).data.items;
    made = after.slice(before.length);
    expect(made.map((episode) => [episode.sequence, episode.job?.uploadId, episode.mediaStatus, episode.visible])).toEqual([
      [before.length + 1, ids[0], 'pending', false],
      [before.length + 2, ids[1], 'pending', false],
    ]);
    expect(await viewerEpisodeIds()).not.toContain(made[0]?.id);

    for (const episode of made) {
      const job = await finished(episode.job?.id ?? 0);
      expect(job).toMatchObject({ state: 'succeeded', progress: 100, failureReason: null });
    }
    const ready = (await episodes()).slice(before.length);
    expect(ready.every((episode) => episode.mediaStatus === 'ready' && episode.visible && episode.durationSeconds === 2)).toBe(true);
    expect(await viewerEpisodeIds()).toEqual(expect.arrayContaining(made.map((episode) => episode.id)));
    // Media made ready is a new episode for the drama's fans: one notice for the day, of an episode made here.
    const notices = noticeListResponseSchema.parse((await members.call('GET', apiPaths.notices(), fan.auth)).body).data.items;
    expect(notices.map((notice) => [notice.kind, notice.values.dramaId])).toEqual([['new-episode', dramaId]]);
    expect(made.map((episode) => episode.id)).toContain(notices[0]?.values.episodeId);
    // An upload makes one episode, once.
    expect((await call('POST', `/dramas/${dramaId}/episodes`, { uploadIds: [ids[0]] })).statusCode).toBe(409);
    expect((await call('POST', `/dramas/${dramaId}/episodes`, { uploadIds: ['0123456789abcdef'] })).json()).toMatchObject({ code: 'UPLOAD_NOT_FOUND' });
  }, 90_000);

  it('serves the processed media at the episode addresses: a two-rung HLS ladder, the MP4 with byte ranges, the poster to the console', async () => {
    const episode = made[0] as ConsoleEpisode;
    // Locked: the address needs a signature; made free, it is public.
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/index.m3u8` })).statusCode).toBe(403);
    expect((await call('PUT', `/dramas/${dramaId}/free-episodes`, { count: 1000 })).statusCode).toBe(200);
    const master = await t.server.inject({ url: `/media/episodes/${episode.id}/index.m3u8` });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('240p/index.m3u8');
    expect(master.body).toContain('144p/index.m3u8');
    const rung = await t.server.inject({ url: `/media/episodes/${episode.id}/240p/index.m3u8` });
    expect(rung.body).toContain('seg-000.ts');
    const segment = await t.server.inject({ url: `/media/episodes/${episode.id}/240p/seg-000.ts`, headers: { range: 'bytes=0-187' } });
    expect(segment.statusCode).toBe(206);
    expect(segment.rawPayload.length).toBe(188);
    expect(segment.rawPayload[0]).toBe(0x47);
    const mp4 = await t.server.inject({ url: `/media/episodes/${episode.id}/video.mp4`, headers: { range: 'bytes=4-11' } });
    expect(mp4.statusCode).toBe(206);
    expect(mp4.rawPayload.subarray(0, 4).toString()).toBe('ftyp');
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/video.mp4`, headers: { range: 'bytes=99999999-' } })).statusCode).toBe(416);
    const play = await t.server.inject({ url: `${API_BASE}${apiPaths.play(episode.id)}` });
    expect(play.json().data).toMatchObject({ format: 'hls', playUrl: `/media/episodes/${episode.id}/index.m3u8` });
    const { previewUrl } = consoleEpisodeResponseSchema.parse((await call('GET', `/episodes/${episode.id}`)).json()).data;
    expect(previewUrl).toBe(`/api/v1/console/episodes/${episode.id}/video.mp4`);
    const preview = await t.server.inject({ url: previewUrl ?? '', headers: { ...content.headers, range: 'bytes=4-7' } });
    expect(preview.statusCode).toBe(206);
    expect(preview.body).toBe('ftyp');
    const poster = await call('GET', `/episodes/${episode.id}/poster`);
    expect(poster.statusCode).toBe(200);
    expect(poster.headers['content-type']).toBe('image/jpeg');
  });

  it('reorders, keeps the first N free, and unpublishes and publishes an episode', async () => {
    const all = await episodes();
    expect((await call('PUT', `/dramas/${dramaId}/free-episodes`, { count: 2 })).statusCode).toBe(200);
    const reversed = [...all].reverse().map((episode) => episode.id);
    const reordered = consoleEpisodeListResponseSchema.parse((await call('PUT', `/dramas/${dramaId}/episodes/order`, { episodeIds: reversed })).json()).data;
    expect(reordered.items.map((episode) => episode.id)).toEqual(reversed);
    expect(reordered.items.map((episode) => episode.isFree).filter(Boolean)).toHaveLength(2);
    expect(reordered.items[0]?.isFree && reordered.items[1]?.isFree && !reordered.items[2]?.isFree).toBe(true);
    expect(reordered.freeEpisodeCount).toBe(2);
    expect((await call('PUT', `/dramas/${dramaId}/episodes/order`, { episodeIds: reversed.slice(1) })).statusCode).toBe(400);

    const episode = made[1] as ConsoleEpisode;
    const hidden = consoleEpisodeResponseSchema.parse((await call('PUT', `/episodes/${episode.id}/status`, { status: 'unpublished' })).json()).data;
    expect(hidden.visible).toBe(false);
    expect(await viewerEpisodeIds()).not.toContain(episode.id);
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/video.mp4` })).statusCode).toBe(404);
    await call('PUT', `/episodes/${episode.id}/status`, { status: 'published' });
    expect(await viewerEpisodeIds()).toContain(episode.id);
  });

  it('takes subtitles per language, SRT turned into WebVTT, and serves them at the episode address', async () => {
    const episode = made[0] as ConsoleEpisode;
    await call('PUT', `/dramas/${dramaId}/free-episodes`, { count: 1000 });
    const srt = '1\r\n00:00:00,500 --> 00:00:01,500\r\nHello there\r\n\r\n2\r\n00:00:01,600 --> 00:00:02,000\r\nGoodbye\r\n';
    const set = await call('PUT', `/episodes/${episode.id}/subtitles/en`, { content: srt });
    expect(set.statusCode).toBe(200);
    expect(consoleEpisodeResponseSchema.parse(set.json()).data.subtitles).toEqual(['en']);
    const vtt = await t.server.inject({ url: `/media/episodes/${episode.id}/video.en.vtt` });
    expect(vtt.statusCode).toBe(200);
    expect(vtt.body).toBe('WEBVTT\n\n00:00:00.500 --> 00:00:01.500\nHello there\n\n00:00:01.600 --> 00:00:02.000\nGoodbye\n');
    expect((await call('PUT', `/episodes/${episode.id}/subtitles/zh`, { content: 'not subtitles' })).statusCode).toBe(400);
    expect((await call('PUT', `/episodes/${episode.id}/subtitles/fr`, { content: 'WEBVTT\n' })).statusCode).toBe(400);
    expect((await call('DELETE', `/episodes/${episode.id}/subtitles/en`)).statusCode).toBe(200);
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/video.en.vtt` })).statusCode).toBe(404);
  });

  it("tells viewers which subtitle languages each episode has, and gives /play only those tracks", async () => {
    const [withSubtitles, without] = made as [ConsoleEpisode, ConsoleEpisode];
    const languagesOf = async () => {
      const detail = dramaDetailResponseSchema.parse((await t.server.inject({ url: `${API_BASE}${apiPaths.drama(dramaId)}` })).json()).data;
      return new Map(detail.episodes.map((episode) => [episode.id, episode.subtitleLanguages]));
    };
    const tracksOf = async (episodeId: number) =>
      playInfoResponseSchema.parse((await t.server.inject({ url: `${API_BASE}${apiPaths.play(episodeId)}` })).json()).data.subtitles;

    // Uploaded without subtitles: none listed, none offered.
    expect((await languagesOf()).get(without.id)).toEqual([]);
    expect(await tracksOf(without.id)).toEqual([]);

    // Given en and zh (in that order), the detail and /play list those, in the catalogue's order.
    expect((await call('PUT', `/episodes/${withSubtitles.id}/subtitles/en`, { content: 'WEBVTT\n\n00:00.000 --> 00:01.000\nHi\n' })).statusCode).toBe(200);
    expect((await call('PUT', `/episodes/${withSubtitles.id}/subtitles/zh`, { content: 'WEBVTT\n\n00:00.000 --> 00:01.000\n你好\n' })).statusCode).toBe(200);
    const languages = await languagesOf();
    expect(languages.get(withSubtitles.id)).toEqual(['zh', 'en']);
    expect(languages.get(without.id)).toEqual([]);
    expect(await tracksOf(withSubtitles.id)).toEqual([
      { language: 'zh', url: `/media/episodes/${withSubtitles.id}/video.zh.vtt` },
      { language: 'en', url: `/media/episodes/${withSubtitles.id}/video.en.vtt` },
    ]);
    // The demo's own episodes keep the three languages beside their clips.
    const demo = [...languages].filter(([id]) => id !== withSubtitles.id && id !== without.id);
    expect(demo.length).toBeGreaterThan(0);
    expect(demo.every(([, have]) => have.join() === 'zh,zh-Hant,en')).toBe(true);

    // A removed language leaves the answer at once.
    expect((await call('DELETE', `/episodes/${withSubtitles.id}/subtitles/zh`)).statusCode).toBe(200);
    expect((await languagesOf()).get(withSubtitles.id)).toEqual(['en']);
    expect((await call('DELETE', `/episodes/${withSubtitles.id}/subtitles/en`)).statusCode).toBe(200);
  });

  it('refuses a file that is not a video with a clear reason, and lets the failed job be retried', async () => {
    const tus = new TusClient(baseUrl, content.headers);
    const fake = readFileSync(await makeNonVideo(work));
    const uploadId = await tus.upload(fake, 'notes.mp4');
    const response = await call('POST', `/dramas/${dramaId}/episodes`, { uploadIds: [uploadId] });
    const episode = consoleEpisodeListResponseSchema.parse(response.json()).data.items.at(-1) as ConsoleEpisode;
    const job = await finished(episode.job?.id ?? 0);
    expect(job.state).toBe('failed');
    expect(job.failureReason).toMatch(/not a video/i);
    expect(job.attempts).toBe(3);
    const failed = consoleEpisodeResponseSchema.parse((await call('GET', `/episodes/${episode.id}`)).json()).data;
    expect(failed).toMatchObject({ mediaStatus: 'failed', visible: false });
    expect(await viewerEpisodeIds()).not.toContain(episode.id);

    const failedJobs = mediaJobListResponseSchema.parse((await call('GET', `/media-jobs?state=failed&dramaId=${dramaId}`)).json()).data;
    expect(failedJobs.items.map((item) => item.id)).toContain(job.id);
    const retried = await call('POST', `/media-jobs/${job.id}/retry`);
    expect(retried.statusCode).toBe(200);
    expect(mediaJobResponseSchema.parse(retried.json()).data).toMatchObject({ attempts: 0, failureReason: null });
    expect((await finished(job.id)).failureReason).toMatch(/not a video/i);
    const succeeded = (made[0] as ConsoleEpisode).job?.id ?? 0;
    expect((await call('POST', `/media-jobs/${succeeded}/retry`)).statusCode).toBe(409);

    // A failed episode can be deleted; one viewers see cannot, until it is unpublished.
    const deleted = await call('DELETE', `/episodes/${episode.id}`);
    expect(deleted.statusCode).toBe(200);
    const left = consoleEpisodeListResponseSchema.parse(deleted.json()).data.items;
    expect(left.map((item) => item.id)).not.toContain(episode.id);
    expect(left.map((item) => item.sequence)).toEqual(left.map((_, index) => index + 1));
    expect((await call('DELETE', `/episodes/${(made[0] as ConsoleEpisode).id}`)).statusCode).toBe(409);
  }, 60_000);

  it('replaces an episode\'s file: the old media plays until the new is ready, then the new one', async () => {
    const episode = made[0] as ConsoleEpisode;
    const before = await t.database.db.selectFrom('episodes').select(['media_key']).where('id', '=', episode.id).executeTakeFirstOrThrow();
    const longer = readFileSync(await makeClip(path.join(work, 'longer.mp4'), { seconds: 3 }));
    const uploadId = await new TusClient(baseUrl, content.headers).upload(longer, 'ep-a-v2.mp4');
    const replaced = consoleEpisodeResponseSchema.parse((await call('POST', `/episodes/${episode.id}/file`, { uploadId })).json()).data;
    expect(replaced).toMatchObject({ mediaStatus: 'ready', visible: true });
    expect(await viewerEpisodeIds()).toContain(episode.id);
    await finished(replaced.job?.id ?? 0);
    const after = consoleEpisodeResponseSchema.parse((await call('GET', `/episodes/${episode.id}`)).json()).data;
    expect(after.durationSeconds).toBe(3);
    // The old media goes once the new one plays.
    for (let tries = 0; (await t.ctx.storage.head(`clips/${before.media_key.slice(1)}.mp4`)) && tries < 40; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await t.ctx.storage.head(`clips/${before.media_key.slice(1)}.mp4`)).toBeNull();
  }, 60_000);

  it('signs every address of a locked processed episode, as it does the demo\'s', async () => {
    const episode = made[0] as ConsoleEpisode;
    await call('PUT', `/dramas/${dramaId}/free-episodes`, { count: 0 });
    const masterPath = `/media/episodes/${episode.id}/index.m3u8`;
    expect((await t.server.inject({ url: masterPath })).statusCode).toBe(403);
    const master = await t.server.inject({ url: t.ctx.mediaSigner.sign(masterPath).url });
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('private, no-store');
    const rung = master.body.split('\n').find((line) => line.startsWith('240p/index.m3u8?exp=')) ?? '';
    const playlist = await t.server.inject({ url: `/media/episodes/${episode.id}/${rung}` });
    expect(playlist.statusCode).toBe(200);
    const segment = playlist.body.split('\n').find((line) => line.startsWith('seg-000.ts?exp=')) ?? '';
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/240p/${segment}` })).statusCode).toBe(200);
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/240p/${segment.replace(/sig=./, 'sig=x')}` })).statusCode).toBe(403);
    expect((await t.server.inject({ url: `/media/episodes/${episode.id}/240p/seg-000.ts` })).statusCode).toBe(403);
    const mp4 = t.ctx.mediaSigner.sign(`/media/episodes/${episode.id}/video.mp4`).url;
    expect((await t.server.inject({ url: mp4, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
  });

  it('writes an audit row for each change', async () => {
    const actions = await t.database.db.selectFrom('audit_log').select(['action']).where('username', '=', content.operator.username).execute();
    expect(new Set(actions.map((row) => row.action))).toEqual(
      new Set(['upload.create', 'episode.upload', 'episode.free-count', 'episode.reorder', 'episode.status', 'episode.subtitle.upload', 'episode.subtitle.delete', 'media-job.retry', 'episode.delete', 'episode.replace-file']),
    );
  });
});
