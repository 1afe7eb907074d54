/**
 * An instant as the API writes it (ISO 8601, UTC), from a Date or a timestamp the driver gave
 * as text (PGlite and pg differ); null stays null.
 */
export function iso(value: Date | string): string;
export function iso(value: Date | string | null): string | null;
export function iso(value: Date | string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
