import type { AppContext } from '../../platform/context.js';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import * as queries from './queries.js';

/** Recomputes co-watching for the catalogue, then every active member's list. */
export const REFRESH_ALL_JOB = 'recommendations.refresh-all';
/** Twice an hour: a member who watches nothing new still sees others' viewing come in within 30 minutes. */
export const REFRESH_ALL_CRON = '*/30 * * * *';
/** Recomputes one member's list, shortly after they watched, liked or favourited. */
export const REFRESH_MEMBER_JOB = 'recommendations.refresh-member';
/**
 * One refresh per member per this many seconds (pg-boss singleton slot), run this long after it
 * is asked for: a burst of watches and likes makes one refresh, which starts after the slot that
 * asked for it has closed, so it sees every one of them.
 */
export const REFRESH_DEBOUNCE_SECONDS = 5;

export interface RefreshMemberData {
  userId: number;
}

/** Idempotent: the same data gives the same rows. */
export async function refreshAll(ctx: AppContext): Promise<{ members: number }> {
  await queries.recomputeCoWatch(ctx.db);
  const members = await queries.membersToRefresh(ctx.db, ctx.clock());
  for (const userId of members) await queries.refreshMember(ctx.db, userId);
  return { members: members.length };
}

export function refreshAllJob(ctx: AppContext, done: () => void): JobDefinition<object> {
  return {
    name: REFRESH_ALL_JOB,
    retryLimit: 2,
    retryDelaySeconds: 60,
    async run() {
      await refreshAll(ctx);
      done();
    },
  };
}

export function refreshMemberJob(ctx: AppContext, done: () => void): JobDefinition<RefreshMemberData> {
  return {
    name: REFRESH_MEMBER_JOB,
    retryLimit: 2,
    retryDelaySeconds: 10,
    // A worker takes one job per poll: several keep a busy hour's refreshes from queueing up.
    concurrency: 4,
    async run(data) {
      if (!Number.isInteger(data.userId)) return;
      await queries.refreshMember(ctx.db, data.userId);
      done();
    },
  };
}
