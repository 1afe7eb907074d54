import { afterAll, beforeAll } from 'vitest';

/**
 * Something a test file starts before its first test and stops after its last, handed out at
 * once: what this returns stands for the started thing, so the top of the file can name it and
 * build clients on it. Reading it before it has started throws, naming what was read.
 */
export function startedPerFile<T extends object>(
  what: string,
  start: () => Promise<T>,
  stop: (started: T) => Promise<void>,
  timeoutMs?: number,
): T {
  let started: T | undefined;
  beforeAll(async () => {
    started = await start();
  }, timeoutMs);
  afterAll(async () => {
    if (started) await stop(started);
  });
  function current(key: string | symbol): T {
    if (!started) throw new Error(`${what} has not started yet (reading ${String(key)})`);
    return started;
  }
  return new Proxy({} as T, {
    get(_target, key) {
      const target = current(key);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
    set(_target, key, value) {
      return Reflect.set(current(key), key, value);
    },
  });
}
