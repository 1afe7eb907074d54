import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { API_BASE, consoleEpisodeListResponseSchema, type ConsoleEpisode, mediaJobResponseSchema } from '@drama/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import type { DatabaseHandle } from '../../src/db/database.js';
import { loadConfig } from '../../src/platform/config.js';
import { makeClip } from '../support/media-clips.js';
import { type ConsoleCaller, consoleAs } from '../support/operators.js';
import { type RestorableDatabase, restorableDatabase } from '../support/restorable-database.js';
import { startS3Server, type S3TestServer } from '../support/s3-server.js';
import type { TestApp } from '../support/test-app.js';
import { TusClient } from '../support/tus-client.js';

/**
 * Two server instances behind one address, as a company runs them: one database, one S3 bucket,
 * nothing shared on disk. A video uploaded to one and processed by whichever takes the job is
 * served by the other, with byte ranges, from the bucket.
 */

let s3: S3TestServer;
let database: RestorableDatabase;
const handles: DatabaseHandle[] = [];
const apps: Array<App & { dataDir: string; url: string }> = [];
let content: ConsoleCaller;
const work = mkdtempSync(path.join(os.tmpdir(), 'drama-instances-'));

async function instance(name: string): Promise<App & { dataDir: string; url: string }> {
  // PGlite is one process's: the two apps share its handle, as two instances share a PostgreSQL.
  const handle = handles[0] && !database.env.DATABASE_URL ? handles[0] : await database.open();
  if (!handles.includes(handle)) handles.push(handle);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `drama-${name}-`));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'instances-secret-instances-secret-0123',
    MEDIA_LADDER: '144,240',
    JOBS_POLL_SECONDS: '0.5',
    ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}),
    ...s3.env,
  });
  const app = await buildApp({ config, database: handle, logger: false });
  await app.server.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.server.address();
  return Object.assign(app, { dataDir, url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` });
}

beforeAll(async () => {
  s3 = await startS3Server();
  database = await restorableDatabase();
  apps.push(await instance('a'), await instance('b'));
  content = await consoleAs(apps[0] as unknown as TestApp, 'content');
}, 90_000);

afterAll(async () => {
  for (const app of apps) {
    await app.server.close();
    rmSync(app.dataDir, { recursive: true, force: true });
  }
  for (const handle of handles) await handle.close();
  await database?.remove();
  await s3?.close();
  rmSync(work, { recursive: true, force: true });
}, 60_000);

describe('two instances, one bucket', () => {
  it('serves from one instance the episode uploaded and processed on the other', async () => {
    const [a, b] = apps as unknown as [App & { url: string }, App & { url: string }];
    const clip = readFileSync(await makeClip(path.join(work, 'clip.mp4')));
    const uploadId = await new TusClient(a.url, content.headers).upload(clip, 'shared.mp4');
    expect(a.ctx.storage.kind).toBe('s3');
    expect(await b.ctx.storage.head(`uploads/${uploadId}`)).toMatchObject({ size: clip.length });

    const drama = await a.ctx.db.selectFrom('dramas').select(['id']).orderBy('id').executeTakeFirstOrThrow();
    const created = await fetch(`${a.url}${API_BASE}/console/dramas/${drama.id}/episodes`, {
      method: 'POST',
      headers: { ...content.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ uploadIds: [uploadId] }),
    });
    const episode = consoleEpisodeListResponseSchema.parse(await created.json()).data.items.at(-1) as ConsoleEpisode;
    const deadline = Date.now() + 45_000;
    for (;;) {
      const job = mediaJobResponseSchema.parse(await (await fetch(`${b.url}${API_BASE}/console/media-jobs/${episode.job?.id}`, { headers: content.headers })).json()).data;
      if (job.state === 'succeeded') break;
      if (job.state === 'failed' || Date.now() > deadline) throw new Error(`job ${job.state}: ${job.failureReason}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    const free = await fetch(`${a.url}${API_BASE}/console/dramas/${drama.id}/free-episodes`, {
      method: 'PUT',
      headers: { ...content.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ count: 1000 }),
    });
    expect(free.status).toBe(200);

    const master = await fetch(`${b.url}/media/episodes/${episode.id}/index.m3u8`);
    expect(master.status).toBe(200);
    expect(await master.text()).toContain('240p/index.m3u8');
    const segment = await fetch(`${b.url}/media/episodes/${episode.id}/144p/seg-000.ts`, { headers: { range: 'bytes=188-375' } });
    expect(segment.status).toBe(206);
    expect(segment.headers.get('content-range')).toMatch(/^bytes 188-375\/\d+$/);
    expect(Buffer.from(await segment.arrayBuffer())[0]).toBe(0x47);
    const video = await fetch(`${a.url}/media/episodes/${episode.id}/video.mp4`, { method: 'HEAD' });
    expect(video.status).toBe(200);
    expect(Number(video.headers.get('content-length'))).toBeGreaterThan(1000);
  }, 90_000);
});
