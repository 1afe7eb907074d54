/**
 * Type guards for values read back from storage by hand rather than with zod: the first page
 * of any route a visitor can land on (home, explore, player) keeps zod out of its JavaScript
 * (shared/api/api-client.ts, `unchecked`). Each guard accepts what the matching zod check would.
 */

/** `z.number().int().positive()` */
export const isPositiveInt = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) > 0;

/** `z.number().nonnegative()` (zod numbers are finite) */
export const isNonNegative = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** `z.array(z.number().int().positive())` */
export const isPositiveIntList = (value: unknown): value is number[] => Array.isArray(value) && value.every(isPositiveInt);

/** `z.enum(options)` or a union of `z.literal`s */
export function isOneOf<const T>(options: readonly T[], value: unknown): value is T {
  return (options as readonly unknown[]).includes(value);
}
