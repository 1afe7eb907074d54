import { describe, expect, it } from 'vitest';
import { shouldSample } from './sampling';
import { VITALS_BATCH_MAX, createVitalsBatch, toReport, type VitalReport } from './vitals-batch';

const report = (id: string, value = 1, name: VitalReport['name'] = 'LCP'): VitalReport => ({
  name,
  value,
  rating: 'good',
  id,
  path: '/',
});

describe('shouldSample', () => {
  it('samples a load when the draw falls under the rate', () => {
    expect(shouldSample(0.1, () => 0.05)).toBe(true);
    expect(shouldSample(0.1, () => 0.0999)).toBe(true);
    expect(shouldSample(0.1, () => 0.1)).toBe(false);
    expect(shouldSample(0.1, () => 0.7)).toBe(false);
  });

  it('never samples at rate 0 and always at rate 1', () => {
    expect(shouldSample(0, () => 0)).toBe(false);
    expect(shouldSample(1, () => 0.999)).toBe(true);
  });

  it('samples about one load in ten', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    let sampled = 0;
    for (let i = 0; i < 10_000; i += 1) if (shouldSample(0.1, random)) sampled += 1;
    expect(sampled).toBeGreaterThan(900);
    expect(sampled).toBeLessThan(1100);
  });
});

describe('createVitalsBatch', () => {
  it('sends nothing until flushed, then everything once', () => {
    const sent: VitalReport[][] = [];
    const batch = createVitalsBatch((body) => {
      sent.push(body.metrics);
      return true;
    });
    batch.add(report('a'));
    batch.add(report('b', 2, 'CLS'));
    expect(sent).toEqual([]);
    batch.flush();
    expect(sent).toEqual([[report('a'), report('b', 2, 'CLS')]]);
    batch.flush();
    expect(sent).toHaveLength(1);
  });

  it('keeps only the latest value of a metric that reports again', () => {
    const sent: VitalReport[][] = [];
    const batch = createVitalsBatch((body) => sent.push(body.metrics) > 0);
    batch.add(report('cls-1', 0.01, 'CLS'));
    batch.add(report('cls-1', 0.2, 'CLS'));
    batch.flush();
    expect(sent).toEqual([[report('cls-1', 0.2, 'CLS')]]);
  });

  it('splits into bodies the server accepts', () => {
    const sizes: number[] = [];
    const batch = createVitalsBatch((body) => sizes.push(body.metrics.length) > 0);
    for (let i = 0; i < VITALS_BATCH_MAX * 2 + 3; i += 1) batch.add(report(`m${i}`));
    batch.flush();
    expect(sizes).toEqual([VITALS_BATCH_MAX, VITALS_BATCH_MAX, 3]);
  });

  it('keeps what the browser refused to queue, for the next hide', () => {
    let accept = false;
    const batch = createVitalsBatch(() => accept);
    batch.add(report('a'));
    batch.flush();
    expect(batch.size).toBe(1);
    accept = true;
    batch.flush();
    expect(batch.size).toBe(0);
  });
});

describe('toReport', () => {
  it('fits a metric to the schema', () => {
    const long = `/${'x'.repeat(300)}`;
    const result = toReport({ name: 'INP', value: 9e9, rating: 'poor', id: 'v5-1', navigationType: 'navigate' }, long);
    expect(result.value).toBe(600_000);
    expect(result.path).toHaveLength(200);
    expect(result.navigationType).toBe('navigate');
  });
});
