import { API_BASE, apiPaths, consoleDramaResponseSchema, dramaListResponseSchema } from '@drama/contracts';
import { sql } from 'kysely';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { RELEASE_JOB } from '../../src/modules/catalogue/scheduled-releases.js';
import { PRUNE_REMOVALS_JOB } from '../../src/modules/discovery/discovery-index.js';
import { RECONCILE_JOB } from '../../src/modules/payments/reconciler.js';
import { okData } from '../support/answers.js';
import { multipart } from '../support/images.js';
import { runJob } from '../support/jobs.js';
import { consoleAs } from '../support/operators.js';
import { startedPerFile } from '../support/per-file.js';
import { useTestApp } from '../support/test-app.js';

/**
 * Background work runs on the job queue, once across instances: two instances of the app on one
 * database and no Redis, so that nothing but the database connects them.
 */

const first = useTestApp({ JOBS_POLL_SECONDS: '0.5', RECONCILE_INTERVAL_SECONDS: '1' });
const second = startedPerFile<App>(
  'the second instance',
  async () => {
    const app = await buildApp({ config: first.ctx.config, database: first.database, logger: false });
    await app.server.ready();
    return app;
  },
  (app) => app.server.close(),
);

const HOUR = 3_600_000;

let contentHeaders: Record<string, string> | undefined;

async function consoleCall(path: string, payload: unknown, headers: Record<string, string> = {}) {
  contentHeaders ??= (await consoleAs(first, 'content')).headers;
  const response = await first.server.inject({
    method: 'POST',
    url: `${API_BASE}/console${path}`,
    headers: { ...contentHeaders, ...headers },
    payload: payload as string,
  });
  return okData({ status: response.statusCode, body: response.json() as unknown }, consoleDramaResponseSchema);
}

/** A draft drama with a cover, ready to be scheduled. */
async function draftDrama(): Promise<number> {
  const word = `Jobs${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const drama = await consoleCall('/dramas', {
    title: { 'zh-CN': word, 'zh-Hant': word, 'en-US': word },
    description: { 'zh-CN': word, 'zh-Hant': word, 'en-US': word },
  });
  const image = await sharp({ create: { width: 300, height: 400, channels: 3, background: '#884422' } }).png().toBuffer();
  const { body, contentType } = multipart([{ filename: 'c.png', contentType: 'image/png', data: image }], { x: '0', y: '0', width: '300', height: '400' });
  await consoleCall(`/dramas/${drama.id}/cover`, body, { 'content-type': contentType });
  return drama.id;
}

async function schedule(id: number, status: 'scheduled' | 'draft', at?: Date) {
  return consoleCall(`/dramas/${id}/status`, at ? { status, publishAt: at.toISOString() } : { status });
}

async function stored(id: number): Promise<{ status: string; published_at: Date }> {
  return first.database.db.selectFrom('dramas').select(['status', 'published_at']).where('id', '=', id).executeTakeFirstOrThrow();
}

async function latestIds(app: App): Promise<number[]> {
  const response = await app.server.inject({ url: `${API_BASE}${apiPaths.dramas()}?sort=latest&limit=20` });
  return okData({ status: response.statusCode, body: response.json() as unknown }, dramaListResponseSchema).items.map((item) => item.id);
}

/** Release jobs queued for one drama, as the queue holds them. */
async function releaseJobs(id: number) {
  const rows = await sql<{ state: string; at: string; start_after: Date }>`
    select state::text as state, data->>'at' as at, start_after from pgboss.job
    where name = ${RELEASE_JOB} and (data->>'dramaId')::int = ${id} order by start_after`.execute(first.ctx.db);
  return rows.rows;
}

describe('scheduled publishing', () => {
  it('releases a drama at its time with no request at all, and no instance keeps a cached answer past it', { timeout: 40_000 }, async () => {
    const id = await draftDrama();
    const at = new Date(Date.now() + 2_500);
    await schedule(id, 'scheduled', at);
    // Both instances cache the list without the drama (their cache lives 30 s).
    expect(await latestIds(first)).not.toContain(id);
    expect(await latestIds(second)).not.toContain(id);

    // From here on nobody asks either instance for anything: the job releases it.
    await expect.poll(async () => (await stored(id)).status, { timeout: 15_000, interval: 100 }).toBe('published');
    const [release] = await first.database.db.selectFrom('audit_log').select('created_at').where('action', '=', 'drama.release').where('target_id', '=', String(id)).execute();
    expect(release!.created_at.getTime()).toBeGreaterThanOrEqual(at.getTime());
    expect(release!.created_at.getTime()).toBeLessThan(at.getTime() + 5_000);

    // Neither instance keeps answering from before the release, though no message passes between
    // them (either may have run the job): the one the schedule was set on knew the time and drops
    // its answers at once; the other learns the schedule by its own look within 15 s, well inside
    // the 30 s its answers would otherwise live.
    const seenBy = async (app: App, withinMs: number) => {
      const deadline = Date.now() + withinMs;
      while (!(await latestIds(app)).includes(id) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
      return latestIds(app);
    };
    expect(await seenBy(first, 2_000)).toContain(id);
    expect(await seenBy(second, 16_000)).toContain(id);
  });

  it('does not release at the old time a drama rescheduled or withdrawn since', async () => {
    const moved = await draftDrama();
    const withdrawn = await draftDrama();
    const old = new Date(Date.now() + 3_000);
    const later = new Date(Date.now() + HOUR);
    await schedule(moved, 'scheduled', old);
    await schedule(withdrawn, 'scheduled', old);
    await schedule(moved, 'scheduled', later);
    await schedule(withdrawn, 'draft');

    // The jobs queued for the old time run, and leave both as they are now.
    await expect.poll(async () => (await releaseJobs(moved)).filter((job) => job.at === old.toISOString()).map((job) => job.state), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    await expect.poll(async () => (await releaseJobs(withdrawn)).map((job) => job.state), { timeout: 15_000, interval: 100 }).toEqual(['completed']);
    expect(await stored(moved)).toMatchObject({ status: 'scheduled', published_at: later });
    expect((await stored(withdrawn)).status).toBe('draft');
    // The new time has its own job.
    const pending = (await releaseJobs(moved)).find((job) => job.at === later.toISOString());
    expect(pending?.state).toBe('created');
    expect(Math.abs(pending!.start_after.getTime() - later.getTime())).toBeLessThan(2_000);
  });
});

describe('a periodic job on two instances', () => {
  it('runs once per period, not once per instance', async () => {
    const runs = [vi.spyOn(first.services.payments, 'reconcile'), vi.spyOn(second.services.payments, 'reconcile')];
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 4_500));
    const calls = runs.reduce((sum, spy) => sum + spy.mock.calls.length, 0);
    for (const spy of runs) spy.mockRestore();
    const jobs = await sql<{ slot: Date; n: number; retries: number }>`
      select singleton_on as slot, count(*)::int as n, max(retry_count)::int as retries from pgboss.job
      where name = ${RECONCILE_JOB} and state = 'completed' and started_on >= ${since} and completed_on is not null
      group by singleton_on`.execute(first.ctx.db);
    // One job per one-second period, each run once, by whichever instance took it.
    expect(jobs.rows.length).toBeGreaterThanOrEqual(2);
    expect(jobs.rows.every((row) => row.n === 1 && row.retries === 0)).toBe(true);
    expect(calls).toBeGreaterThanOrEqual(jobs.rows.length);
    expect(calls).toBeLessThanOrEqual(jobs.rows.length + 2);
  });
});

describe('forgetting old removals', () => {
  it('removes the marks of dramas deleted more than a day ago, and keeps the newer ones', async () => {
    const db = first.database.db;
    await sql`insert into drama_removals (drama_id, removed_at) values (900001, now() - interval '2 days'), (900002, now() - interval '2 hours')`.execute(db);
    await runJob(first, PRUNE_REMOVALS_JOB);
    const left = await sql<{ drama_id: number }>`select drama_id from drama_removals where drama_id in (900001, 900002) order by drama_id`.execute(db);
    expect(left.rows.map((row) => row.drama_id)).toEqual([900002]);
  });
});
