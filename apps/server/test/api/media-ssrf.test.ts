import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { type AddressInfo, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { API_BASE, type ConsoleEpisode, consoleEpisodeListResponseSchema, consoleEpisodeResponseSchema, type MediaJob, mediaJobResponseSchema } from '@drama/contracts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { mediaTools } from '../../src/modules/episodes/ffmpeg.js';
import { concatList, dashManifest, hlsPlaylist, withExternalReference } from '../../src/modules/episodes/hostile-media.fixture.js';
import { makeClip } from '../support/media-clips.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { useTestApp } from '../support/test-app.js';
import { TusClient } from '../support/tus-client.js';

/**
 * Processing opens only the uploaded file itself. An operator's upload declared video/mp4 may be
 * a DASH manifest, an HLS playlist or an ffconcat list naming an address inside the network, or
 * an MP4 whose tracks are "read from" one: ffmpeg left to guess the format would fetch it. A
 * listener on loopback stands for that address and must never be reached; each such upload ends
 * in a failed job that says what the file holds.
 */

const t = useTestApp({ MEDIA_LADDER: '144', JOBS_POLL_SECONDS: '0.5' });
const work = mkdtempSync(path.join(os.tmpdir(), 'drama-media-ssrf-'));
let baseUrl = '';
let content: ConsoleCaller;
let dramaId: number;
let clip: Buffer;
let listener: Server;
let internalUrl = '';
/** Connections the listener took in the current test, and the first line of each request it heard. */
const reached: string[] = [];

beforeAll(async () => {
  listener = createServer((socket) => {
    reached.push('(connection)');
    socket.once('data', (data: Buffer) => reached.push(data.toString('latin1').split('\r\n')[0] ?? ''));
    socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
  });
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  internalUrl = `http://127.0.0.1:${(listener.address() as AddressInfo).port}/internal/video.mp4`;
  await t.server.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  content = await consoleAs(t, 'content');
  clip = readFileSync(await makeClip(path.join(work, 'clip.mp4')));
  dramaId = (await t.database.db.selectFrom('dramas').select(['id']).orderBy('id').executeTakeFirstOrThrow()).id;
}, 60_000);
afterAll(async () => {
  await new Promise((resolve) => listener.close(resolve));
  rmSync(work, { recursive: true, force: true });
});

function call(method: 'GET' | 'POST', url: string, payload?: object) {
  return t.server.inject({ method, url: `${API_BASE}/console${url}`, headers: content.headers, ...(payload ? { payload } : {}) });
}

async function finished(jobId: number, timeoutMs = 45_000): Promise<MediaJob> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const job = mediaJobResponseSchema.parse((await call('GET', `/media-jobs/${jobId}`)).json()).data;
    if (job.state === 'succeeded' || job.state === 'failed') return job;
    if (Date.now() > deadline) throw new Error(`job ${jobId} still ${job.state} at ${job.progress}%`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Uploads `bytes` by tus, declared video/mp4 under `name`, makes an episode of it and waits for its job. */
async function episodeOf(bytes: Buffer, name: string): Promise<{ job: MediaJob; episode: ConsoleEpisode }> {
  const uploadId = await new TusClient(baseUrl, content.headers).upload(bytes, name);
  const made = await call('POST', `/dramas/${dramaId}/episodes`, { uploadIds: [uploadId] });
  expect(made.statusCode).toBe(200);
  const created = consoleEpisodeListResponseSchema.parse(made.json()).data.items.find((item) => item.job?.uploadId === uploadId);
  const job = await finished(created?.job?.id ?? 0);
  const episode = consoleEpisodeResponseSchema.parse((await call('GET', `/episodes/${created?.id ?? 0}`)).json()).data;
  return { job, episode };
}

describe('processing an upload that points elsewhere', () => {
  beforeEach(() => {
    reached.length = 0;
  });

  const cases = [
    { name: 'a DASH manifest', bytes: () => dashManifest(internalUrl), reason: /not a video processing can take: it holds a DASH manifest/ },
    { name: 'an HLS playlist', bytes: () => hlsPlaylist(internalUrl), reason: /not a video processing can take: it holds an HLS playlist/ },
    { name: 'an ffconcat list', bytes: () => concatList(internalUrl), reason: /not a video processing can take: it holds an ffconcat list/ },
    {
      name: 'an MP4 whose tracks refer to an address',
      bytes: () => withExternalReference(clip, internalUrl),
      reason: /not a video processing can take: it has a track whose media is read from elsewhere/,
    },
  ];

  for (const hostile of cases) {
    it(`refuses ${hostile.name} declared video/mp4, failing its job with the reason and opening nothing`, async () => {
      const { job, episode } = await episodeOf(hostile.bytes(), 'episode.mp4');
      expect(reached).toEqual([]);
      expect(job).toMatchObject({ state: 'failed', attempts: 3 });
      expect(job.failureReason).toMatch(hostile.reason);
      expect(episode).toMatchObject({ mediaStatus: 'failed', visible: false });
    }, 60_000);
  }

  it('still makes an episode of a real MP4, one named by the address and carrying it in its metadata, opening nothing', async () => {
    const tagged = path.join(work, 'tagged.mp4');
    await promisify(execFile)(mediaTools({}).ffmpeg, [
      '-hide_banner', '-loglevel', 'error', '-y', '-i', path.join(work, 'clip.mp4'), '-c', 'copy',
      '-metadata', `title=${internalUrl}`, '-metadata', `comment=${internalUrl}`, tagged,
    ]);
    const { job, episode } = await episodeOf(readFileSync(tagged), internalUrl);
    expect(reached).toEqual([]);
    expect(job).toMatchObject({ state: 'succeeded', progress: 100, failureReason: null });
    expect(episode).toMatchObject({ mediaStatus: 'ready', durationSeconds: 2 });
  }, 60_000);
});
