import { API_BASE, apiPaths, consoleDramaResponseSchema, dramaFeaturedResponseSchema, dramaListResponseSchema, featuredSlotsResponseSchema } from '@drama/contracts';
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { RELEASE_JOB } from '../../src/modules/catalogue/scheduled-releases.js';
import { okData } from '../support/answers.js';
import { runJob } from '../support/jobs.js';
import { multipart } from '../support/images.js';
import { consoleAs } from '../support/operators.js';
import { startedPerFile } from '../support/per-file.js';
import { startRedisServer } from '../support/redis-server.js';
import { useTestApp } from '../support/test-app.js';

/** Two instances of the app over one database and one Redis: a change made on one shows on the other at once. */

const REDIS_PORT = 4141;
const MINUTE = 60_000;
let offsetMs = 0;
const clock = () => new Date(Date.now() + offsetMs);

const redis = startedPerFile('redis', () => startRedisServer(REDIS_PORT), (server) => server.stop());
const mediaDir = mkdtempSync(path.join(os.tmpdir(), 'drama-instances-media-'));
const first = useTestApp(() => ({ REDIS_URL: redis.url, MEDIA_DIR: mediaDir }), { clock });
const second = startedPerFile<App>(
  'the second instance',
  async () => {
    const app = await buildApp({ config: first.ctx.config, database: first.database, logger: false, clock });
    await app.server.ready();
    return app;
  },
  (app) => app.server.close(),
);

async function viewerIds(app: App, url: string, schema: typeof dramaListResponseSchema | typeof dramaFeaturedResponseSchema) {
  const response = await app.server.inject({ url: `${API_BASE}${url}` });
  return okData({ status: response.statusCode, body: response.json() as unknown }, schema).items.map((item) => item.id);
}

/** Pub/sub takes a moment: asks until the answer is as expected, for at most two seconds. */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<void> {
  const until = Date.now() + 2_000;
  let last = await read();
  while (JSON.stringify(last) !== JSON.stringify(expected) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    last = await read();
  }
  expect(last).toEqual(expected);
}

describe('several instances', () => {
  it('shows a new carousel order on the other instance without waiting for its caches', async () => {
    const content = await consoleAs(first, 'content');
    const before = await viewerIds(second, apiPaths.featured(), dramaFeaturedResponseSchema);
    const wanted = [...before].reverse();
    const answer = await first.server.inject({
      method: 'PUT',
      url: `${API_BASE}/console/home-slots/featured`,
      headers: content.headers,
      payload: { dramaIds: wanted },
    });
    okData({ status: answer.statusCode, body: answer.json() as unknown }, featuredSlotsResponseSchema);
    await eventually(() => viewerIds(second, apiPaths.featured(), dramaFeaturedResponseSchema), wanted);
  });

  it('clears the other instance when a scheduled drama went out on this one', async () => {
    const content = await consoleAs(first, 'content');
    const call = async (method: 'POST', url: string, payload: unknown, headers: Record<string, string> = {}) => {
      const response = await first.server.inject({
        method,
        url: `${API_BASE}/console${url}`,
        headers: { ...content.headers, ...headers },
        payload: payload as string,
      });
      return okData({ status: response.statusCode, body: response.json() as unknown }, consoleDramaResponseSchema);
    };
    const word = `Instances${Date.now().toString(36)}`;
    const drama = await call('POST', '/dramas', {
      title: { 'zh-CN': word, 'zh-Hant': word, 'en-US': word },
      description: { 'zh-CN': word, 'zh-Hant': word, 'en-US': word },
    });
    const image = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#336699' } }).png().toBuffer();
    const { body, contentType } = multipart([{ filename: 'c.png', contentType: 'image/png', data: image }], {
      x: '0',
      y: '0',
      width: '300',
      height: '400',
    });
    await call('POST', `/dramas/${drama.id}/cover`, body, { 'content-type': contentType });
    await call('POST', `/dramas/${drama.id}/status`, { status: 'scheduled', publishAt: new Date(clock().getTime() + 5 * MINUTE).toISOString() });

    const latest = `${apiPaths.dramas()}?sort=latest&limit=5`;
    await eventually(async () => (await viewerIds(second, latest, dramaListResponseSchema)).includes(drama.id), false);
    offsetMs += 6 * MINUTE;
    // The release job runs on one instance; the other drops its caches as told over Redis.
    expect(await viewerIds(second, latest, dramaListResponseSchema)).not.toContain(drama.id);
    await runJob(first, RELEASE_JOB);
    await eventually(async () => (await viewerIds(first, latest, dramaListResponseSchema)).includes(drama.id), true);
    await eventually(async () => (await viewerIds(second, latest, dramaListResponseSchema)).includes(drama.id), true);
  });
});
