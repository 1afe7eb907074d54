import { sql } from 'kysely';
import { expect } from 'vitest';
import type { App } from '../../src/app.js';

/** The state of a job on the queue (created, active, completed, failed ...), or undefined once gone. */
export async function jobState(app: Pick<App, 'ctx'>, id: string): Promise<string | undefined> {
  const rows = await sql<{ state: string }>`select state::text as state from pgboss.job where id = ${id}::uuid`.execute(app.ctx.db);
  return rows.rows[0]?.state;
}

/** Queues the job `name` now, has this instance take it at once, and waits until it has run. */
export async function runJob(app: Pick<App, 'ctx'>, name: string, data: object = {}): Promise<void> {
  const id = await app.ctx.jobs.send(name, data);
  if (!id) throw new Error(`${name} was not queued`);
  app.ctx.jobs.wake(name);
  await expect.poll(() => jobState(app, id), { timeout: 15_000, interval: 50 }).toBe('completed');
}
