import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase, pgliteExtensions } from '../../src/db/database.js';
import { createThrowawayDatabase } from './throwaway-database.js';

/**
 * A copy of the run's seeded template that can be closed and opened again, as a server restart
 * does: PGlite files in a folder of their own, or a throwaway PostgreSQL database.
 */
export interface RestorableDatabase {
  dataDir: string;
  /** For a server process: DATABASE_URL with PostgreSQL, nothing with PGlite (it opens DATA_DIR/pglite). */
  env: Record<string, string>;
  open(): Promise<DatabaseHandle>;
  remove(): Promise<void>;
}

export async function restorableDatabase(): Promise<RestorableDatabase> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-restart-'));
  const pgTemplate = inject('postgresTemplate');
  if (pgTemplate) {
    const copy = await createThrowawayDatabase('drama_rs', { serverUrl: process.env.DATABASE_URL, template: pgTemplate });
    return {
      dataDir,
      env: { DATABASE_URL: copy.url },
      open: () => openDatabase({ databaseUrl: copy.url, dataDir }),
      async remove() {
        await copy.drop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const pglite = await PGlite.create(path.join(dataDir, 'pglite'), {
    loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    extensions: pgliteExtensions,
  });
  await pglite.close();
  return {
    dataDir,
    env: {},
    open: () => openDatabase({ dataDir }),
    async remove() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
