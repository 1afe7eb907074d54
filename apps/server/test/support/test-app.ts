import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type App, buildApp } from '../../src/app.js';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../../src/db/database.js';
import { loadConfig } from '../../src/platform/config.js';

export interface TestApp extends App {
  database: DatabaseHandle;
  dataDir: string;
  close(): Promise<void>;
}

async function createPostgresCopy(template: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL ?? '';
  const name = `drama_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  // Copies of one template may not be made at the same instant; retry briefly when they collide.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      break;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

/** The real app on a private copy of the seeded database; `server.inject` drives it. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-test-'));
  const pgTemplate = inject('postgresTemplate');
  let database: DatabaseHandle;
  let dropDatabase = async () => {};
  if (pgTemplate) {
    const copy = await createPostgresCopy(pgTemplate);
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
    ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}),
    ...env,
  });
  const app = await buildApp({ config, database, logger: false, ...(options.clock ? { clock: options.clock } : {}) });
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
