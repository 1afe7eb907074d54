import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  API_BASE,
  apiPaths,
  consoleEpisodeListResponseSchema,
  type ConsoleEpisode,
  dramaDetailResponseSchema,
  type MediaJob,
  mediaJobResponseSchema,
} from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaTools } from '../../src/modules/episodes/ffmpeg.js';
import { sha256 } from '../../src/platform/operators.js';
import { makeClip } from '../support/media-clips.js';
import { type RestorableDatabase, restorableDatabase } from '../support/restorable-database.js';
import { type ServerProcess, startServer, stopServer, waitUntilReady } from '../support/server-process.js';
import { TusClient } from '../support/tus-client.js';

/**
 * A server killed with SIGKILL in the middle of transcoding an upload, then started again on the
 * same data: the job is taken up again and finishes, and at no moment does a viewer see the
 * episode before all of its media is there. ffmpeg runs at the clip's own pace here (a wrapper
 * adds -re), so the kill lands inside the encoding. PGlite in DATA_DIR, or PostgreSQL with
 * DATABASE_URL.
 */

const TOKEN = 'opk_crash-test-token-0123456789abcdef';
const work = mkdtempSync(path.join(os.tmpdir(), 'drama-media-crash-'));
const running: ServerProcess[] = [];
let database: RestorableDatabase;
let dramaId = 0;

beforeAll(async () => {
  database = await restorableDatabase();
  const handle = await database.open();
  try {
    const operator = await handle.db
      .insertInto('operators')
      .values({ username: 'crash_editor', role: 'content' })
      .returning(['id'])
      .executeTakeFirstOrThrow();
    await handle.db
      .insertInto('operator_api_tokens')
      .values({ operator_id: operator.id, name: 'crash test', role: 'content', token_hash: sha256(TOKEN), prefix: TOKEN.slice(0, 8) })
      .execute();
    dramaId = (await handle.db.selectFrom('dramas').select(['id']).orderBy('id').executeTakeFirstOrThrow()).id;
  } finally {
    await handle.close();
  }
}, 60_000);

afterAll(async () => {
  for (const server of running) await stopServer(server, 'SIGKILL');
  await database?.remove();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

/** ffmpeg reading its input at the clip's own pace, so that encoding takes as long as the clip. */
function realtimeFfmpeg(): string {
  const wrapper = path.join(work, 'ffmpeg-realtime.sh');
  writeFileSync(wrapper, `#!/bin/sh\nexec "${mediaTools({}).ffmpeg}" -re "$@"\n`);
  chmodSync(wrapper, 0o755);
  return wrapper;
}

async function start(): Promise<string> {
  const server = startServer({
    ...database.env,
    PORT: '0',
    DATA_DIR: database.dataDir,
    JWT_SECRET: 'media-crash-secret-0123456789abcdef',
    RECONCILE_INTERVAL_SECONDS: '0',
    MEDIA_LADDER: '144,240',
    JOBS_POLL_SECONDS: '0.5',
    JOBS_STALL_SECONDS: '3',
    FFMPEG_PATH: realtimeFfmpeg(),
  });
  running.push(server);
  return waitUntilReady(server);
}

const auth = { authorization: `Bearer ${TOKEN}` };

async function job(base: string, id: number): Promise<MediaJob> {
  const response = await fetch(`${base}${API_BASE}/console/media-jobs/${id}`, { headers: auth });
  return mediaJobResponseSchema.parse(await response.json()).data;
}

async function viewerEpisodeIds(base: string): Promise<number[]> {
  const response = await fetch(`${base}${API_BASE}${apiPaths.drama(dramaId)}`);
  return dramaDetailResponseSchema.parse(await response.json()).data.episodes.map((episode) => episode.id);
}

describe('a server killed during a transcode', () => {
  it('takes the job up again after the restart and publishes the episode only whole', async () => {
    const clip = readFileSync(await makeClip(path.join(work, 'clip.mp4'), { seconds: 4 }));
    let base = await start();
    const uploadId = await new TusClient(base, auth).upload(clip, 'crash.mp4');
    const created = await fetch(`${base}${API_BASE}/console/dramas/${dramaId}/episodes`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadIds: [uploadId] }),
    });
    const episode = consoleEpisodeListResponseSchema.parse(await created.json()).data.items.at(-1) as ConsoleEpisode;
    const jobId = episode.job?.id ?? 0;

    // Kill it once the encoding is under way.
    const deadline = Date.now() + 30_000;
    for (;;) {
      const current = await job(base, jobId);
      if (current.state === 'running' && current.progress > 0) break;
      if (current.state === 'succeeded' || Date.now() > deadline) throw new Error(`no transcode to interrupt: ${current.state} ${current.progress}%`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await viewerEpisodeIds(base)).not.toContain(episode.id);
    await stopServer(running[0] as ServerProcess, 'SIGKILL');

    base = await start();
    // Until the job is done again the episode stays out of sight; then it is whole.
    const finishBy = Date.now() + 60_000;
    let finished: MediaJob;
    for (;;) {
      finished = await job(base, jobId);
      const visible = (await viewerEpisodeIds(base)).includes(episode.id);
      if (finished.state === 'succeeded' || finished.state === 'failed') break;
      expect(visible, `visible while the job is ${finished.state}`).toBe(false);
      if (Date.now() > finishBy) throw new Error(`job still ${finished.state} at ${finished.progress}%`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(finished).toMatchObject({ state: 'succeeded', progress: 100 });
    expect(finished.attempts).toBeGreaterThanOrEqual(2);
    expect(await viewerEpisodeIds(base)).toContain(episode.id);

    // Whole: every segment of every rung the playlists name is there (read with the episode made free).
    await fetch(`${base}${API_BASE}/console/dramas/${dramaId}/free-episodes`, {
      method: 'PUT',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 2000 }),
    });
    const master = await (await fetch(`${base}/media/episodes/${episode.id}/index.m3u8`)).text();
    const rungs = master.split('\n').filter((line) => line.endsWith('/index.m3u8'));
    expect(rungs).toEqual(['240p/index.m3u8', '144p/index.m3u8']);
    for (const rung of rungs) {
      const playlist = await (await fetch(`${base}/media/episodes/${episode.id}/${rung}`)).text();
      const segments = playlist.split('\n').filter((line) => line.endsWith('.ts'));
      expect(segments.length).toBeGreaterThanOrEqual(2);
      for (const segment of segments) {
        const answer = await fetch(`${base}/media/episodes/${episode.id}/${rung.split('/')[0]}/${segment}`, { method: 'HEAD' });
        expect(answer.status, `${rung} ${segment}`).toBe(200);
      }
    }
  }, 180_000);
});
