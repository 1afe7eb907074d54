import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { nextScheduledAt, publishedBetween, releaseDue, type ReleaseHooks } from './console-queries.js';

/** How often an instance asks again for the next scheduled time: schedules set on another instance. */
const RECHECK_MS = 15_000;

/**
 * Publishes scheduled dramas when their time comes, without a job: viewers' reads keep to
 * `status = 'published'`, and the first request after a drama's time turns it into a published
 * one and drops the cached answers, so no cache serves the catalogue as it was before that time.
 * Each instance knows the next time; between those times a request costs one comparison.
 */
export class ScheduledReleases {
  /** Epoch ms of the next scheduled drama; null when none; undefined when not known yet. */
  private nextAt: number | null | undefined;
  private checkedAt = Number.NEGATIVE_INFINITY;
  private running: Promise<void> | null = null;
  /** Raised by forget(), so that a check that read before a change does not keep what it read. */
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly clock: () => Date,
    /** Called after dramas were released: drops every cached catalogue answer. */
    private readonly onRelease: () => void,
    /** Run in the release's transaction for each drama (the new-episode notices). */
    private readonly hooks?: ReleaseHooks,
  ) {}

  /** Whether releaseDue() has anything to do now: false between scheduled times, one comparison. */
  checkDue(): boolean {
    const now = this.clock().getTime();
    const known = this.nextAt !== undefined && Math.abs(now - this.checkedAt) < RECHECK_MS;
    return !(known && (this.nextAt === null || now < (this.nextAt ?? 0)));
  }

  /** Releases what is due; never throws (a failed check is tried again on a later request). */
  async releaseDue(log?: FastifyBaseLogger): Promise<void> {
    if (!this.checkDue()) return;
    const now = this.clock().getTime();
    this.running ??= this.check()
      .catch((error: unknown) => {
        log?.warn({ err: error }, 'scheduled dramas could not be released');
        this.checkedAt = now;
      })
      .finally(() => {
        this.running = null;
      });
    await this.running;
  }

  /** A schedule changed on this instance: look again on the next request. */
  forget(): void {
    this.generation += 1;
    this.nextAt = undefined;
  }

  private async check(): Promise<void> {
    const now = this.clock();
    const generation = this.generation;
    const since = this.checkedAt;
    const released = await releaseDue(this.db, now, this.hooks);
    // A drama that came out since the last check may sit behind this instance's caches even when
    // another instance released it first and this one found nothing left to release. (Before the
    // first check nothing is cached: the check runs ahead of every request.)
    const appeared = released.length > 0 || (Number.isFinite(since) && (await publishedBetween(this.db, new Date(since), now)));
    if (appeared) this.onRelease();
    const next = (await nextScheduledAt(this.db))?.getTime() ?? null;
    if (generation !== this.generation) return;
    this.nextAt = next;
    this.checkedAt = now.getTime();
  }
}
