import type { FastifyBaseLogger } from 'fastify';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Reconciler } from './reconciler.js';
import type { PaymentService } from './service.js';

const log = { info: vi.fn(), error: vi.fn() } as unknown as FastifyBaseLogger;

function payments(run: () => Promise<{ checked: number; settled: number; expired: number }>) {
  return { reconcile: vi.fn(run) } as unknown as PaymentService & { reconcile: ReturnType<typeof vi.fn> };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('Reconciler', () => {
  it('runs every interval, never two runs at once, and stop waits for the run in progress', async () => {
    vi.useFakeTimers();
    let finish!: () => void;
    const service = payments(
      () =>
        new Promise((resolve) => {
          finish = () => resolve({ checked: 1, settled: 1, expired: 0 });
        }),
    );
    const reconciler = new Reconciler(service, 60, log);
    reconciler.start();
    expect(service.reconcile).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.reconcile).toHaveBeenCalledTimes(1);
    // Still running a minute later: the tick is skipped, not stacked.
    await vi.advanceTimersByTimeAsync(60_000);
    expect(service.reconcile).toHaveBeenCalledTimes(1);

    let stopped = false;
    const stopping = reconciler.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    expect(stopped).toBe(true);
    await vi.advanceTimersByTimeAsync(600_000);
    expect(service.reconcile).toHaveBeenCalledTimes(1);
  });

  it('keeps going after a failed run, and is off with an interval of 0', async () => {
    vi.useFakeTimers();
    const failing = payments(() => Promise.reject(new Error('database gone')));
    const reconciler = new Reconciler(failing, 10, log);
    reconciler.start();
    await vi.advanceTimersByTimeAsync(20_000);
    expect(failing.reconcile).toHaveBeenCalledTimes(2);
    expect(log.error).toHaveBeenCalled();
    await reconciler.stop();

    const off = payments(() => Promise.resolve({ checked: 0, settled: 0, expired: 0 }));
    new Reconciler(off, 0, log).start();
    await vi.advanceTimersByTimeAsync(3_600_000);
    expect(off.reconcile).not.toHaveBeenCalled();
  });
});
