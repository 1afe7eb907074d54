import type { z } from 'zod';

/** A list's filters, paging and sorting: a zod object whose fields all read from strings (coerce, enums, defaults). */
export type FilterSchema = z.ZodObject;

/**
 * The filters in an address's query. A value the schema refuses (an edited or outdated link)
 * is dropped rather than failing the page: the list shows without that filter.
 */
export function readFilters<S extends FilterSchema>(schema: S, params: URLSearchParams): z.output<S> {
  const raw: Record<string, string> = {};
  for (const key of Object.keys(schema.shape)) {
    const value = params.get(key);
    if (value !== null && value !== '') raw[key] = value;
  }
  for (;;) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')));
    const before = Object.keys(raw).length;
    for (const key of bad) delete raw[key];
    // Nothing left to drop: the schema refuses even its defaults, which is a programming error.
    if (Object.keys(raw).length === before) throw parsed.error;
  }
}

/**
 * The query that holds `values`: only what differs from the defaults, so a plain list has a
 * plain address; parameters the schema does not know (another widget's) are kept.
 */
export function writeFilters(
  schema: FilterSchema,
  current: URLSearchParams,
  values: Record<string, unknown>,
  defaults: Record<string, unknown>,
): URLSearchParams {
  const next = new URLSearchParams(current);
  for (const key of Object.keys(schema.shape)) {
    const value = values[key];
    if (value === undefined || value === null || value === '' || value === defaults[key]) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** Whether any filter (anything but paging and sorting) is set: an empty list then says "nothing matches". */
export function hasFilters(values: Record<string, unknown>, defaults: Record<string, unknown>, ignore: readonly string[] = ['page', 'limit', 'sort', 'order']): boolean {
  return Object.entries(values).some(([key, value]) => !ignore.includes(key) && value !== undefined && value !== defaults[key]);
}
