/**
 * Tells zod not to compile its parsers. The page's CSP forbids eval, so zod would only probe
 * with `new Function` and be refused, and Firefox reports that refusal as a page error on every
 * route that loads a schema. Zod keeps its settings on this global and adopts an object already
 * there when it loads (zod/v4/core's globalConfig), so setting it here, first thing, keeps zod
 * itself off the first page; zod-jitless.test.ts checks that zod reads it.
 */
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
