import type { FastifyBaseLogger } from 'fastify';
import type { PaymentService } from './service.js';

/**
 * Runs reconciliation every `intervalSeconds` (RECONCILE_INTERVAL_SECONDS; 0 = never). The
 * timer does not keep the process alive, a run never overlaps the previous one, and `stop`
 * waits for a run in progress so the database is not closed under it.
 */
export class Reconciler {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;

  constructor(
    private readonly payments: PaymentService,
    private readonly intervalSeconds: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    if (this.intervalSeconds <= 0 || this.timer) return;
    this.timer = setInterval(() => this.runOnce(), this.intervalSeconds * 1000);
    this.timer.unref();
  }

  private runOnce(): void {
    if (this.running) return;
    this.running = this.payments
      .reconcile()
      .then((report) => {
        if (report.settled > 0 || report.expired > 0 || report.refundsSettled > 0) this.log.info(report, 'pending orders and refunds reconciled');
      })
      .catch((error: unknown) => this.log.error({ err: error }, 'reconciling pending orders failed'))
      .finally(() => {
        this.running = null;
      });
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }
}
