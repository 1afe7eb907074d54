import type { z } from 'zod';

// Storage throws in private modes, on quota and when disabled; the app must keep working
// without it, so every failure here only warns (spec section 8).

export function readString(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch (error) {
    console.warn(`[storage] could not read "${key}"`, error);
    return null;
  }
}

export function writeString(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch (error) {
    console.warn(`[storage] could not write "${key}"`, error);
  }
}

export function removeKey(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch (error) {
    console.warn(`[storage] could not remove "${key}"`, error);
  }
}

/**
 * Reads a JSON value and checks its shape, with a zod schema or, on the first page's path where
 * zod is not loaded, a function that returns the value or null. A value that is not JSON or
 * fails the check is discarded and removed, so one bad write cannot break every later start.
 */
export function readJson<T>(key: string, check: z.ZodType<T> | ((value: unknown) => T | null)): T | null {
  const raw = readString(key);
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    console.warn(`[storage] "${key}" is not valid JSON; removed`);
    removeKey(key);
    return null;
  }
  const value = typeof check === 'function' ? check(parsed) : parseWith(check, parsed);
  if (value === null) {
    console.warn(`[storage] "${key}" has an unexpected shape; removed`);
    removeKey(key);
    return null;
  }
  return value;
}

function parseWith<T>(schema: z.ZodType<T>, value: unknown): T | null {
  const result = schema.safeParse(value);
  return result.success ? result.data : null;
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
