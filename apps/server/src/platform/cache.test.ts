import { afterEach, describe, expect, it, vi } from 'vitest';
import { TtlCache } from './cache.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('TtlCache', () => {
  it('forgets entries after their time to live', () => {
    vi.useFakeTimers();
    const cache = new TtlCache<number>(1000, 10);
    cache.set('a', 1);
    vi.advanceTimersByTime(999);
    expect(cache.get('a')).toBe(1);
    vi.advanceTimersByTime(2);
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new TtlCache<number>(60_000, 2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBe(1);
    expect(cache.get('c')).toBe(3);
  });

  it('shares one load between concurrent misses', async () => {
    const cache = new TtlCache<number>(60_000, 10);
    const load = vi.fn(async () => 42);
    const values = await Promise.all([cache.getOrLoad('k', load), cache.getOrLoad('k', load), cache.getOrLoad('k', load)]);
    expect(values).toEqual([42, 42, 42]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<number>(60_000, 10);
    await expect(cache.getOrLoad('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.getOrLoad('k', async () => 7)).toBe(7);
  });
});
