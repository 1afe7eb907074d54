import { describe, expect, it } from 'vitest';

describe('zod-jitless', () => {
  it('is the setting zod reads, so zod never probes for eval', async () => {
    await import('./zod-jitless');
    const { config } = await import('zod/v4/core');
    expect(config().jitless).toBe(true);
    const { z } = await import('zod');
    const probes: string[] = [];
    const original = globalThis.Function;
    globalThis.Function = new Proxy(original, {
      construct(target, args: unknown[]) {
        probes.push(String(args.at(-1) ?? ''));
        return Reflect.construct(target, args) as object;
      },
    });
    try {
      expect(z.object({ a: z.string(), b: z.number() }).parse({ a: 'x', b: 1 })).toEqual({ a: 'x', b: 1 });
    } finally {
      globalThis.Function = original;
    }
    expect(probes).toEqual([]);
  });
});
