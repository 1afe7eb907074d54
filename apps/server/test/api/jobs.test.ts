import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../src/db/database.js';
import { JobQueue } from '../../src/platform/jobs/queue.js';
import { type RestorableDatabase, restorableDatabase } from '../support/restorable-database.js';

/**
 * The job queue on the database: jobs survive a restart of the server, and one whose server died
 * while running it (no heartbeat) is retried by the next instance that looks.
 */

const silent = { error: () => {}, warn: () => {}, info: () => {}, debug: () => {} };
let database: RestorableDatabase;
const open: DatabaseHandle[] = [];

beforeAll(async () => {
  database = await restorableDatabase();
}, 60_000);
afterAll(async () => {
  for (const handle of open) await handle.close().catch(() => undefined);
  await database.remove();
});

async function instance(): Promise<{ handle: DatabaseHandle; queue: JobQueue }> {
  const handle = await database.open();
  open.push(handle);
  return { handle, queue: new JobQueue(handle.db, { stallSeconds: 2, pollSeconds: 0.5, log: silent as never }) };
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('job queue', () => {
  it('keeps queued and interrupted jobs across a restart and runs them on the next start, once each', async () => {
    const first = await instance();
    // The first server takes one job and is stopped in the middle of it; the other waits behind it.
    let started = 0;
    await first.queue.register<{ n: number }>({
      name: 'restart-check',
      retryDelaySeconds: 1,
      run: async (_data, job) => {
        started += 1;
        await new Promise<void>((_resolve, reject) => job.signal.addEventListener('abort', () => reject(new Error('stopped'))));
      },
    });
    await first.queue.start();
    await first.queue.send('restart-check', { n: 1 });
    await first.queue.send('restart-check', { n: 2 });
    await until(async () => started, (count) => count === 1);
    await first.queue.stop();
    await first.handle.close();

    const second = await instance();
    const done: number[] = [];
    await second.queue.register<{ n: number }>({
      name: 'restart-check',
      retryDelaySeconds: 1,
      run: async (data) => {
        done.push(data.n);
      },
    });
    await second.queue.start();
    try {
      await until(async () => done.length, (count) => count === 2);
      expect(done.sort()).toEqual([1, 2]);
    } finally {
      await second.queue.stop();
    }
  }, 60_000);

  it('keeps its house (expiry, archive, removal) on this database without errors', async () => {
    const handle = await database.open();
    open.push(handle);
    const errors: unknown[] = [];
    const log = { ...silent, error: (entry: unknown) => void errors.push(entry) } as never;
    const queue = new JobQueue(handle.db, { stallSeconds: 2, pollSeconds: 0.5, log, maintenanceSeconds: 1 });
    let ran = 0;
    await queue.register({ name: 'house-check', run: async () => void (ran += 1) });
    await queue.start();
    try {
      const id = await queue.send('house-check', {});
      const job = await until(
        async () => (await sql<{ state: string; completed_on: Date | null }>`select state::text, completed_on from pgboss.job where id = ${id}::uuid`.execute(handle.db)).rows[0],
        (row) => row?.state === 'completed',
      );
      expect(ran).toBe(1);
      // A maintenance run stamps its start, then expires, archives and removes; the next stamp is
      // written only once the run before it has ended. So two stamps after the job finished mean a
      // whole run has passed over a completed job, and any error it met has been logged.
      const maintainedOn = async () => (await sql<{ maintained_on: Date | null }>`select maintained_on from pgboss.version`.execute(handle.db)).rows[0]?.maintained_on ?? null;
      const completedAt = job?.completed_on?.getTime() ?? 0;
      const first = await until(maintainedOn, (stamp) => stamp !== null && stamp.getTime() > completedAt);
      await until(maintainedOn, (stamp) => stamp !== null && stamp.getTime() > (first?.getTime() ?? 0));
    } finally {
      await queue.stop();
      await handle.close();
    }
    expect(errors).toEqual([]);
  }, 30_000);

  it('keeps a cron schedule for a registered job in the database, replaced when declared again', async () => {
    const { handle, queue } = await instance();
    await queue.register({ name: 'nightly-check', run: async () => {} });
    await queue.schedule('nightly-check', '0 2 * * *', { timeZone: 'Asia/Shanghai' });
    await queue.start();
    try {
      await queue.schedule('nightly-check', '30 3 * * *', { timeZone: 'Asia/Shanghai' });
      const rows = (await sql<{ cron: string; timezone: string }>`select cron, timezone from pgboss.schedule where name = 'nightly-check'`.execute(handle.db)).rows;
      expect(rows).toEqual([{ cron: '30 3 * * *', timezone: 'Asia/Shanghai' }]);
    } finally {
      await queue.stop();
      await handle.close();
    }
  }, 30_000);

  it('retries at once a job left running by a server that died', async () => {
    const { handle, queue } = await instance();
    const ran: string[] = [];
    await queue.register<{ tag: string }>({ name: 'stall-check', retryDelaySeconds: 0, run: async (data) => void ran.push(data.tag) });
    await queue.start();
    try {
      // What a killed server leaves behind: the job active, its last heartbeat long ago.
      await queue.stop();
      const id = await queue.send('stall-check', { tag: 'orphan' });
      await sql`update pgboss.job set state = 'active', started_on = now() - interval '1 minute' where id = ${id}::uuid`.execute(handle.db);
      await queue.start();
      await until(async () => ran, (list) => list.includes('orphan'));
      const state = await until(
        async () => (await sql<{ state: string; retry_count: number }>`select state::text, retry_count from pgboss.job where id = ${id}::uuid`.execute(handle.db)).rows[0],
        (row) => row?.state === 'completed',
      );
      expect(state?.retry_count).toBe(1);
    } finally {
      await queue.stop();
    }
  }, 60_000);
});
