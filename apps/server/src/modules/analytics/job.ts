import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import { aggregateDay, pruneEvents } from './aggregate-queries.js';
import { pruneDramaStarts } from '../tasks/index.js';
import { addDays, dayOf, daysBetween } from './days.js';

/** The job that rolls raw events into the daily tables and prunes old events. */
export const AGGREGATE_JOB = 'analytics.aggregate-daily';
/**
 * Every ten minutes: today's row is at most that old (the dashboard says when it was computed),
 * and yesterday and the day before are finished off (a paywall hit late in a day waits a day for
 * its purchase).
 */
export const AGGREGATE_CRON = '*/10 * * * *';
export const RECENT_DAYS = 3;

export interface AggregateJobData {
  from?: string;
  to?: string;
}

/** Recomputes days (default: the last three, today included) and prunes raw events; idempotent. */
export async function runAggregation(ctx: AppContext, rawDays: number, data: AggregateJobData = {}): Promise<{ days: string[]; prunedEvents: number }> {
  const now = ctx.clock();
  const timeZone = ctx.config.APP_TIMEZONE;
  const today = dayOf(now, timeZone);
  const to = data.to && data.to < today ? data.to : today;
  const from = data.from ?? addDays(to, -(RECENT_DAYS - 1));
  const days = daysBetween(from, to);
  for (const day of days) await aggregateDay(ctx.db, day, timeZone, now);
  const prunedEvents = await pruneEvents(ctx.db, rawDays, now);
  // The tasks' day marks are pruned on the same daily round.
  await pruneDramaStarts(ctx.db, now);
  return { days, prunedEvents };
}

export function aggregateJob(ctx: AppContext, rawDays: number): JobDefinition<AggregateJobData> {
  return {
    name: AGGREGATE_JOB,
    retryLimit: 2,
    retryDelaySeconds: 30,
    async run(data) {
      await runAggregation(ctx, rawDays, data);
    },
  };
}
