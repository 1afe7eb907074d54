import { describe, expect, it } from 'vitest';
import { API_BUDGET, better, budgetMisses, type CallResult, verdict } from '../../bench/budget.js';

function call(overrides: Partial<CallResult>): CallResult {
  return {
    database: 'PostgreSQL',
    connections: 64,
    call: 'drama detail',
    kind: 'hot',
    rps: 6_000,
    p50: 8,
    p99: 15,
    errors: 0,
    baselineRps: 10_000,
    attempts: 1,
    ...overrides,
  };
}

describe('the API budget (DESIGN.md section 6)', () => {
  it('is half the bare route, p99 under 20 ms, at 64 connections', () => {
    expect(API_BUDGET).toEqual({ minRatio: 0.5, maxP99Ms: 20, connections: 64 });
  });

  it('keeps a hot read at half the bare route with p99 just under 20 ms', () => {
    expect(budgetMisses(call({ rps: 5_000, p99: 19 }))).toEqual([]);
  });

  it('misses a hot read under half the bare route', () => {
    expect(budgetMisses(call({ rps: 4_999 }))).toEqual(['0.50x the bare route (needs >= 0.5x)']);
  });

  it('misses a hot read whose p99 reaches 20 ms', () => {
    expect(budgetMisses(call({ p99: 20 }))).toEqual(['p99 20 ms (needs < 20 ms)']);
  });

  it('misses any call with errors or without answers, at any level', () => {
    expect(budgetMisses(call({ errors: 3, connections: 256 }))).toEqual(['3 errors']);
    expect(budgetMisses(call({ kind: 'write', call: 'like', errors: 1, rps: 100 }))).toEqual(['1 errors']);
    expect(budgetMisses(call({ kind: 'sign-in', call: 'sign-in', rps: 0 }))).toEqual(['no answers']);
  });

  it('does not hold other calls, or hot reads at 256 connections, to the ratio and p99', () => {
    expect(budgetMisses(call({ kind: 'write', rps: 100, p99: 400 }))).toEqual([]);
    expect(budgetMisses(call({ kind: 'sign-in', rps: 20, p99: 3_000 }))).toEqual([]);
    expect(budgetMisses(call({ connections: 256, rps: 1_000, p99: 90 }))).toEqual([]);
  });

  it('keeps the measurement within budget, else the faster one', () => {
    const slow = call({ rps: 4_000 });
    const fast = call({ rps: 7_000, p99: 25 });
    const within = call({ rps: 5_500 });
    expect(better(slow, within)).toBe(within);
    expect(better(fast, within)).toBe(within);
    expect(better(slow, fast)).toBe(fast);
  });
});

describe('the verdict of a run', () => {
  const hot = ['drama detail', 'episode list', 'featured', 'play address (free)'];
  const run = (database: string, changed: Partial<CallResult> = {}) =>
    hot.map((name, index) => call({ database, call: name, ...(index === 0 ? changed : {}) }));

  it('passes when every database keeps the budget', () => {
    const result = verdict([...run('PGlite'), ...run('PostgreSQL')]);
    expect(result.passed).toBe(true);
    expect(result.lines).toHaveLength(2);
  });

  it('fails when one database misses it, naming the call and why', () => {
    const result = verdict([...run('PGlite'), ...run('PostgreSQL', { p99: 31 })]);
    expect(result.passed).toBe(false);
    expect(result.lines).toContain('PostgreSQL: FAIL drama detail at 64 connections: p99 31 ms (needs < 20 ms)');
  });

  it('fails when a database measured no hot read at 64 connections, or nothing was measured', () => {
    expect(verdict(run('PGlite').map((result) => ({ ...result, connections: 256 }))).passed).toBe(false);
    expect(verdict([]).passed).toBe(false);
  });

  it('says which database was not measured, without failing for it', () => {
    const result = verdict(run('PGlite'), [{ database: 'PostgreSQL', reason: 'unreachable' }]);
    expect(result.passed).toBe(true);
    expect(result.lines).toContain('PostgreSQL: not measured (unreachable)');
  });
});
