import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it, vi } from 'vitest';
import { RECONCILE_JOB, reconcileJob } from './reconciler.js';

const run = { id: 'job-1', signal: new AbortController().signal };

function logger() {
  return { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger & { info: ReturnType<typeof vi.fn>; error: ReturnType<typeof vi.fn> };
}

describe('the reconcile job', () => {
  it('checks pending orders once per run and says so when it settled anything', async () => {
    const log = logger();
    const reconcile = vi.fn(async () => ({ checked: 2, settled: 1, expired: 0, refundsSettled: 0 }));
    const job = reconcileJob({ reconcile }, log);
    expect(job.name).toBe(RECONCILE_JOB);
    await job.run({}, run);
    expect(reconcile).toHaveBeenCalledTimes(1);
    expect(log.info).toHaveBeenCalledWith({ checked: 2, settled: 1, expired: 0, refundsSettled: 0 }, 'pending orders and refunds reconciled');

    const quiet = logger();
    await reconcileJob({ reconcile: async () => ({ checked: 3, settled: 0, expired: 0, refundsSettled: 0 }) }, quiet).run({}, run);
    expect(quiet.info).not.toHaveBeenCalled();
  });

  it('fails a run that failed, logged, so that the queue retries it', async () => {
    const log = logger();
    const job = reconcileJob({ reconcile: () => Promise.reject(new Error('database gone')) }, log);
    await expect(job.run({}, run)).rejects.toThrow('database gone');
    expect(log.error).toHaveBeenCalled();
  });
});
