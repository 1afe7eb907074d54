import { setTimeout as delay } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import type { JobDefinition, JobQueue } from '../../platform/jobs/queue.js';
import { nextScheduledAt, publishedBetween, releaseDue, type ReleaseHooks } from './console-queries.js';

/** The job that publishes scheduled dramas whose time has come. */
export const RELEASE_JOB = 'catalogue.release';
/**
 * Besides the job queued for each schedule, the release job runs this often: a schedule written
 * straight into the database, or left from before releases were jobs, still comes out.
 */
export const RELEASE_SWEEP_SECONDS = 60;
/** How often an instance looks again for the next scheduled time when nothing tells it (a schedule set on another instance without Redis). */
const RECHECK_MS = 15_000;
/** While a drama's time has passed and it is not out yet, how often the instance looks for its release. */
const DUE_RECHECK_MS = 250;
/** A release job fetched this much before its time (the queue's clock and the app's differ slightly) waits for it. */
const EARLY_MS = 5_000;

export interface ReleaseJobData {
  dramaId?: number;
  /** The time the drama was scheduled for when the job was queued (ISO). */
  at?: string;
}

/**
 * Publishes scheduled dramas when their time comes, by a job on the queue: the schedule's own
 * job, queued in the transaction that sets the time, and a sweep every minute. The job releases
 * what is due by the schedule as it is when it runs, so a drama rescheduled or withdrawn since
 * does not come out at the old time. Viewers' reads keep to `status = 'published'`.
 *
 * Each instance also keeps its cached answers true to the schedule, without releasing anything:
 * it knows the next scheduled time, and from that time looks until the drama is out, then drops
 * its caches (the instance that ran the job has dropped its own and told the others over Redis;
 * this is how an instance without Redis learns it). At that time it also wakes its release
 * workers, so the release does not wait for the queue's next poll.
 */
export class ScheduledReleases {
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private looking: Promise<void> | null = null;
  private lookAgain = false;
  /** Epoch ms: a drama that came out after this has not yet been seen by this instance's caches. */
  private since: number | undefined;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    /** Drops this instance's cached catalogue answers. */
    private readonly onSeen: () => void,
    /** Run in the release's transaction for each drama (the new-episode notices). */
    private readonly hooks?: ReleaseHooks,
  ) {}

  /** The release job; `released` is called after dramas came out (drops every instance's caches). */
  job(released: () => void): JobDefinition<ReleaseJobData> {
    return {
      name: RELEASE_JOB,
      run: async (data, job) => {
        const early = data.at ? Date.parse(data.at) - this.clock().getTime() : 0;
        if (early > 0 && early <= EARLY_MS) await delay(early, undefined, { signal: job.signal });
        const ids = await releaseDue(this.db, this.clock(), this.hooks);
        if (ids.length > 0) {
          this.onSeen();
          released();
        }
      },
    };
  }

  /** Queues the release of a drama scheduled for `at`, in the transaction that schedules it. */
  async queue(jobs: JobQueue, trx: Transaction<Database>, dramaId: number, at: Date): Promise<void> {
    const data: ReleaseJobData = { dramaId, at: at.toISOString() };
    await jobs.send(RELEASE_JOB, data, { within: trx, startAfterSeconds: Math.max(0.001, (at.getTime() - this.clock().getTime()) / 1000) });
  }

  /** Starts watching the schedule for this instance's caches. */
  start(wake: () => void): void {
    this.wake = wake;
    this.stopped = false;
    this.arm(0);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.looking;
  }

  /** A schedule changed (here or, by Redis, elsewhere): look again now. */
  forget(): void {
    if (this.stopped) return;
    if (this.looking) this.lookAgain = true;
    else this.arm(0);
  }

  private wake: () => void = () => {};

  private arm(ms: number): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.looking = this.look().finally(() => {
        this.looking = null;
        if (this.lookAgain && !this.stopped) {
          this.lookAgain = false;
          this.arm(0);
        }
      });
    }, ms);
    this.timer.unref();
  }

  private async look(): Promise<void> {
    let nextLook = RECHECK_MS;
    try {
      const now = this.clock().getTime();
      if (this.since !== undefined && (await publishedBetween(this.db, new Date(this.since), new Date(now)))) this.onSeen();
      const next = (await nextScheduledAt(this.db))?.getTime() ?? null;
      const due = next !== null && next <= now;
      // Until what is due has come out, keep looking from just before its time.
      this.since = due ? Math.min(this.since ?? now, next - 1) : now;
      if (due) {
        this.wake();
        nextLook = DUE_RECHECK_MS;
      } else if (next !== null) {
        nextLook = Math.min(RECHECK_MS, next - now);
      }
    } catch {
      // The database was busy or gone for a moment: the next look tries again.
    }
    if (!this.stopped && !this.timer) this.arm(nextLook);
  }
}
