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
 * Reads a JSON value and checks its shape. A value that is not JSON or fails the schema is
 * discarded and removed, so one bad write cannot break every later start.
 */
export function readJson<T>(key: string, schema: z.ZodType<T>): T | null {
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
  const result = schema.safeParse(parsed);
  if (!result.success) {
    console.warn(`[storage] "${key}" has an unexpected shape; removed`);
    removeKey(key);
    return null;
  }
  return result.data;
}

export function writeJson(key: string, value: unknown): void {
  writeString(key, JSON.stringify(value));
}
