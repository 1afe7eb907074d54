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

  describe('admitting a value on its key\'s second load', () => {
    it('keeps a value from the second load within the time to live on, not from the first', async () => {
      vi.useFakeTimers();
      const cache = new TtlCache<number>(1000, 10, { admitOnRepeat: true });
      const load = vi.fn(async () => 1);
      await cache.getOrLoad('k', load);
      expect(cache.get('k')).toBeUndefined();
      await cache.getOrLoad('k', load);
      expect(cache.get('k')).toBe(1);
      await cache.getOrLoad('k', load);
      expect(load).toHaveBeenCalledTimes(2);
      // A first load whose time has passed counts for nothing.
      await cache.getOrLoad('late', load);
      vi.advanceTimersByTime(1001);
      await cache.getOrLoad('late', load);
      expect(cache.get('late')).toBeUndefined();
    });

    it('lets a stream of keys asked once push out nothing that is asked for again and again', async () => {
      const cache = new TtlCache<string>(60_000, 3, { admitOnRepeat: true });
      for (const key of ['popular', 'popular', 'also', 'also']) await cache.getOrLoad(key, async () => key);
      for (let i = 0; i < 100; i += 1) await cache.getOrLoad(`once ${i}`, async () => 'once');
      expect(cache.get('popular')).toBe('popular');
      expect(cache.get('also')).toBe('also');
      expect(cache.get('once 99')).toBeUndefined();
    });

    it('remembers keys asked once only up to its size, and forgets them on clear', async () => {
      const cache = new TtlCache<number>(60_000, 2, { admitOnRepeat: true });
      for (const key of ['a', 'b', 'c']) await cache.getOrLoad(key, async () => 1);
      // "a" was pushed out of the keys remembered: its second load is a first again.
      await cache.getOrLoad('a', async () => 1);
      expect(cache.get('a')).toBeUndefined();
      await cache.getOrLoad('c', async () => 1);
      expect(cache.get('c')).toBe(1);
      await cache.getOrLoad('d', async () => 1);
      cache.clear();
      await cache.getOrLoad('d', async () => 1);
      expect(cache.get('d')).toBeUndefined();
    });
  });
});
