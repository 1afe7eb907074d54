/** One line of an audit entry's change: a field and its value before and after, as text. */
export interface DiffRow {
  field: string;
  before: string | undefined;
  after: string | undefined;
  changed: boolean;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function show(value: unknown): string | undefined {
  if (value === undefined) return undefined;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

/**
 * The fields of two recorded values side by side, changed fields first in their recorded order
 * (those the change set before those it did not). A value that is not an object (or is missing)
 * is one row named "".
 */
export function auditDiff(before: unknown, after: unknown): DiffRow[] {
  const objectLike = (value: unknown) => value === null || value === undefined || isRecord(value);
  if (!objectLike(before) || !objectLike(after) || (!isRecord(before) && !isRecord(after))) {
    if ((before === null || before === undefined) && (after === null || after === undefined)) return [];
    const row = { field: '', before: show(before ?? undefined), after: show(after ?? undefined) };
    return [{ ...row, changed: row.before !== row.after }];
  }
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const fields = [...new Set([...Object.keys(left), ...Object.keys(right)])];
  const rows = fields.map((field) => {
    const row = { field, before: show(left[field]), after: show(right[field]) };
    return { ...row, changed: row.before !== row.after };
  });
  return [...rows.filter((row) => row.changed), ...rows.filter((row) => !row.changed)];
}
