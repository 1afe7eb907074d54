import { CompiledQuery, sql, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { JOB_SCHEMA } from '../../db/migrations/0012-media-pipeline.js';

/** The singleton key of a periodic job (every()). */
const PERIOD_KEY = 'period';
/** pg-boss refuses a singleton slot longer than the time it keeps completed jobs (12 hours). */
export const MAX_PERIOD_SECONDS = 12 * 3_600;

/** What a job's function is handed besides its data. */
export interface JobRun {
  id: string;
  /** Aborted when the server stops: a long job should give up and let another instance retry it. */
  signal: AbortSignal;
}

export interface JobDefinition<T extends object> {
  name: string;
  /** Must be idempotent: after a crash or a stall the same job runs again. */
  run: (data: T, job: JobRun) => Promise<void>;
  /** Further tries after the first fails (default 2). */
  retryLimit?: number;
  retryDelaySeconds?: number;
  /** How many jobs of this name one instance runs at once (default 1). */
  concurrency?: number;
}

export interface JobQueueOptions {
  /** A running job that has not beaten for this long is taken for dead (its server crashed) and retried. */
  stallSeconds: number;
  pollSeconds: number;
  log: FastifyBaseLogger;
  /** How often finished jobs are archived and expired ones failed (default a minute). */
  maintenanceSeconds?: number;
}

/**
 * The job queue on the database (pg-boss), over the app's own connection so that PGlite, which
 * allows one connection, carries it too. Jobs are registered by name by the module that owns
 * them; any instance runs them, and a job whose instance died (no heartbeat) is failed and so
 * retried by whichever instance notices first.
 */
export class JobQueue {
  private readonly boss: PgBoss;
  private readonly definitions = new Map<string, JobDefinition<object>>();
  private stopping = new AbortController();
  private started = false;
  private sweeper: NodeJS.Timeout | undefined;
  private readonly running = new Set<Promise<unknown>>();
  private readonly schedules = new Map<string, { cron: string; data: object; timeZone: string }>();
  private readonly periods = new Map<string, { seconds: number; data: object }>();
  /** This instance's workers by job name, for wake(). */
  private readonly workers = new Map<string, string[]>();

  constructor(
    private readonly db: Db,
    private readonly options: JobQueueOptions,
  ) {
    this.boss = new PgBoss({
      db: { executeSql: async (text: string, values: unknown[] = []) => db.executeQuery(CompiledQuery.raw(text, values)) },
      schema: JOB_SCHEMA,
      maintenanceIntervalSeconds: options.maintenanceSeconds ?? 60,
      schedule: true,
    });
    this.boss.on('error', (error: Error) => options.log.error({ err: error }, 'job queue error'));
  }

  /** Registers a job's function; before or after start. */
  async register<T extends object>(definition: JobDefinition<T>): Promise<void> {
    this.definitions.set(definition.name, definition as unknown as JobDefinition<object>);
    if (this.started) await this.listen(definition as unknown as JobDefinition<object>);
  }

  /**
   * Queues a job. Given the transaction of the change it belongs to (`within`), the job is queued
   * in it: both land, or neither.
   */
  async send(
    name: string,
    data: object,
    options: { startAfterSeconds?: number; within?: Transaction<Database>; singletonKey?: string; singletonSeconds?: number } = {},
  ): Promise<string | null> {
    const definition = this.definitions.get(name);
    const within = options.within;
    return this.boss.send(name, data, {
      retryLimit: definition?.retryLimit ?? 2,
      retryDelay: definition?.retryDelaySeconds ?? 5,
      ...(options.startAfterSeconds ? { startAfter: options.startAfterSeconds } : {}),
      // At most one job with this key per slot of singletonSeconds: later sends in the slot are dropped (null).
      ...(options.singletonKey ? { singletonKey: options.singletonKey, singletonSeconds: options.singletonSeconds ?? 60 } : {}),
      ...(within ? { db: { executeSql: async (text: string, values: unknown[] = []) => within.executeQuery(CompiledQuery.raw(text, values)) } } : {}),
    });
  }

  /**
   * Runs the registered job `name` on a cron schedule (`0 2 * * *`: at two every night), in
   * `timeZone`; one instance sends it each time. Declared at every start, so declaring it again is
   * harmless, and a changed cron replaces the old one.
   */
  async schedule(name: string, cron: string, options: { data?: object; timeZone?: string } = {}): Promise<void> {
    const entry = { cron, data: options.data ?? {}, timeZone: options.timeZone ?? 'UTC' };
    this.schedules.set(name, entry);
    if (this.started) await this.applySchedule(name, entry);
  }

  /**
   * Runs the registered job `name` once every `seconds` across all instances, for periods finer
   * than cron's minute or not a whole number of them. Each period has one job, keyed by the
   * period it was queued in (a singleton slot) and started at the next period's beginning:
   * every instance queues it (at start, after each run, and with its stall check), and the
   * database keeps one, so a period runs once however many instances there are, and a run whose
   * instance died is retried like any other job. At most 12 hours (the queue's archive time).
   */
  async every(name: string, seconds: number, options: { data?: object } = {}): Promise<void> {
    if (!Number.isInteger(seconds) || seconds < 1 || seconds > MAX_PERIOD_SECONDS) throw new Error(`${name}: a period of 1 to ${MAX_PERIOD_SECONDS} whole seconds, not ${seconds}`);
    this.periods.set(name, { seconds, data: options.data ?? {} });
    if (this.started) await this.queuePeriod(name);
  }

  private async queuePeriod(name: string): Promise<void> {
    const period = this.periods.get(name);
    if (!period) return;
    const intoPeriod = (Date.now() / 1000) % period.seconds;
    await this.send(name, period.data, {
      singletonKey: PERIOD_KEY,
      singletonSeconds: period.seconds,
      startAfterSeconds: Math.max(0.001, period.seconds - intoPeriod),
    }).catch((error: unknown) => this.options.log.warn({ err: error, job: name }, 'queueing the next period failed'));
  }

  /** Has this instance's workers of `name` look for a job now rather than at their next poll. */
  wake(name: string): void {
    for (const id of this.workers.get(name) ?? []) this.boss.notifyWorker(id);
  }

  private async applySchedule(name: string, entry: { cron: string; data: object; timeZone: string }): Promise<void> {
    const definition = this.definitions.get(name);
    await this.boss.schedule(name, entry.cron, entry.data, {
      tz: entry.timeZone,
      retryLimit: definition?.retryLimit ?? 2,
      retryDelay: definition?.retryDelaySeconds ?? 5,
    });
  }

  async start(): Promise<void> {
    if (this.started) return;
    this.stopping = new AbortController();
    await this.boss.start();
    this.started = true;
    for (const definition of this.definitions.values()) await this.listen(definition);
    for (const [name, entry] of this.schedules) await this.applySchedule(name, entry);
    for (const name of this.periods.keys()) await this.queuePeriod(name);
    const sweepEvery = Math.max(1, Math.floor(this.options.stallSeconds / 2)) * 1000;
    await this.failStalled();
    // The stall check also queues each period again: a period whose last run failed for good,
    // or whose instance died before queueing the next, starts again from here.
    this.sweeper = setInterval(() => {
      void this.failStalled();
      for (const name of this.periods.keys()) void this.queuePeriod(name);
    }, sweepEvery);
    this.sweeper.unref();
  }

  /** Stops taking jobs, aborts the running ones (they are retried elsewhere or after a restart) and waits for them. */
  async stop(): Promise<void> {
    if (!this.started) return;
    this.started = false;
    clearInterval(this.sweeper);
    this.stopping.abort();
    await this.boss.stop({ graceful: true, wait: true, timeout: 10_000, close: false });
    await Promise.allSettled([...this.running]);
  }

  private async listen(definition: JobDefinition<object>): Promise<void> {
    await this.boss.createQueue(definition.name, {
      name: definition.name,
      retryLimit: definition.retryLimit ?? 2,
      retryDelay: definition.retryDelaySeconds ?? 5,
    });
    const workers = definition.concurrency ?? 1;
    const ids: string[] = [];
    this.workers.set(definition.name, ids);
    for (let index = 0; index < workers; index += 1) {
      const id = await this.boss.work<object>(
        definition.name,
        { pollingIntervalSeconds: this.options.pollSeconds, batchSize: 1 },
        async (jobs) => {
          for (const job of jobs) await this.runOne(definition, job);
        },
      );
      ids.push(id);
    }
  }

  private async runOne(definition: JobDefinition<object>, job: PgBoss.Job<object>): Promise<void> {
    const beat = () =>
      sql`insert into job_heartbeats (job_id, queue, beat_at) values (${job.id}, ${definition.name}, now())
          on conflict (job_id) do update set beat_at = now()`.execute(this.db);
    await beat();
    const timer = setInterval(
      () => void beat().catch((error: unknown) => this.options.log.warn({ err: error }, 'job heartbeat failed')),
      Math.max(500, (this.options.stallSeconds * 1000) / 4),
    );
    const work = definition.run(job.data, { id: job.id, signal: this.stopping.signal });
    this.running.add(work);
    try {
      await work;
    } catch (error) {
      this.options.log.warn({ err: error, job: definition.name, jobId: job.id }, 'job failed');
      throw error;
    } finally {
      clearInterval(timer);
      this.running.delete(work);
      await sql`delete from job_heartbeats where job_id = ${job.id}`.execute(this.db).catch(() => undefined);
      if (this.started) await this.queuePeriod(definition.name);
    }
  }

  /** Fails running jobs whose instance stopped beating, so that pg-boss retries them now rather than at their expiry. */
  async failStalled(): Promise<number> {
    try {
      const stalled = await sql<{ id: string; name: string }>`
        select j.id::text as id, j.name from ${sql.table(`${JOB_SCHEMA}.job`)} j
        left join job_heartbeats h on h.job_id = j.id::text
        where j.state = 'active'
          and coalesce(h.beat_at, j.started_on) < now() - make_interval(secs => ${this.options.stallSeconds})`.execute(this.db);
      for (const job of stalled.rows) {
        await this.boss.fail(job.name, job.id, { reason: 'the server running it stopped' });
        await sql`delete from job_heartbeats where job_id = ${job.id}`.execute(this.db);
      }
      return stalled.rows.length;
    } catch (error) {
      this.options.log.warn({ err: error }, 'checking for stalled jobs failed');
      return 0;
    }
  }
}
