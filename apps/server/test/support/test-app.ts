import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../../src/db/database.js';
import { loadConfig } from '../../src/platform/config.js';
import { startedPerFile } from './per-file.js';
import { createThrowawayDatabase } from './throwaway-database.js';

export interface TestApp extends App {
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a private copy of the seeded database; `server.inject` drives it. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date; beforeReady?: (database: DatabaseHandle) => Promise<void> } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-test-'));
  const pgTemplate = inject('postgresTemplate');
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (pgTemplate) {
    const copy = await createThrowawayDatabase('drama_t', { serverUrl: process.env.DATABASE_URL, template: pgTemplate });
    database = await openDatabase({ databaseUrl: copy.url, dataDir });
    dropDatabase = copy.drop;
  } else {
    const tarball = readFileSync(inject('pgliteTemplate'));
    const pglite = await PGlite.create({ loadDataDir: new Blob([tarball]), extensions: pgliteExtensions });
    database = await openDatabase({ dataDir, pglite });
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    JWT_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests come from loopback by default and make many accounts; the abuse-limit tests pick
    // other addresses. Challenges are made easy to keep the suite quick.
    LIMIT_EXEMPT_ADDRESSES: '127.0.0.1',
    CHALLENGE_MAX_COUNTER: '20',
    ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, ...(options.clock ? { clock: options.clock } : {}) });
  await options.beforeReady?.(database);
  await app.server.ready();
  return {
    ...app,
    database,
    dataDir,
    async close() {
      await app.server.close();
      await database.close();
      await dropDatabase();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * The app of one test file, started before its first test and closed after its last; `env` may
 * be a function when it depends on something else the file starts first.
 */
export function useTestApp(
  env: Record<string, string> | (() => Record<string, string>) = {},
  options: Parameters<typeof createTestApp>[1] = {},
  timeoutMs?: number,
): TestApp {
  return startedPerFile('the test app', () => createTestApp(typeof env === 'function' ? env() : env, options), (app) => app.close(), timeoutMs);
}
