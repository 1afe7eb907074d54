import type { FastifyBaseLogger } from 'fastify';
import type { JobDefinition } from '../../platform/jobs/queue.js';
import type { PaymentService } from './service.js';

/** Checks pending orders and refunds with their channel; run every RECONCILE_INTERVAL_SECONDS (0: never). */
export const RECONCILE_JOB = 'payments.reconcile';

/**
 * The payment reconciler as a job on the queue: one run per interval across all instances, and a
 * run whose instance died is retried by another. A failed run is logged and thrown, so the queue
 * retries it; the next interval's run follows either way.
 */
export function reconcileJob(payments: Pick<PaymentService, 'reconcile'>, log: FastifyBaseLogger): JobDefinition<object> {
  return {
    name: RECONCILE_JOB,
    run: async () => {
      try {
        const report = await payments.reconcile();
        if (report.settled > 0 || report.expired > 0 || report.refundsSettled > 0) log.info(report, 'pending orders and refunds reconciled');
      } catch (error) {
        log.error({ err: error }, 'reconciling pending orders failed');
        throw error;
      }
    },
  };
}
