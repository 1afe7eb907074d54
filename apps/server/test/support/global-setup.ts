import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { openDatabase, pgliteExtensions } from '../../src/db/database.js';
import { migrateToLatest } from '../../src/db/migrate.js';
import { seedDemo } from '../../src/seed/seed.js';
import { REPO_ROOT } from '../../src/platform/config.js';
import { createThrowawayDatabase } from './throwaway-database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, seeded PGlite data directory (tarball) that each test file restores. */
    pgliteTemplate: string;
    /** With DATABASE_URL: the name of a migrated, seeded template database to copy per file. */
    postgresTemplate: string;
  }
}

const MEDIA_DIR = process.env.MEDIA_DIR ?? path.join(REPO_ROOT, 'media');

/**
 * Migrates and seeds one template per run; each test file gets its own copy of it, so files
 * run in parallel against a real database without sharing state. Creating a database from
 * scratch costs seconds (initdb), restoring a copy well under one.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const databaseUrl = process.env.DATABASE_URL;
  if (databaseUrl) {
    const template = await createThrowawayDatabase('drama_tpl', { serverUrl: databaseUrl });
    const handle = await openDatabase({ databaseUrl: template.url, dataDir: os.tmpdir() });
    await migrateToLatest(handle.db);
    await seedDemo(handle.db, MEDIA_DIR);
    await handle.close();
    project.provide('postgresTemplate', template.name);
    project.provide('pgliteTemplate', '');
    return () => template.drop();
  }

  const dir = mkdtempSync(path.join(os.tmpdir(), 'drama-template-'));
  const pglite = await PGlite.create({ extensions: pgliteExtensions });
  const handle = await openDatabase({ dataDir: dir, pglite });
  await migrateToLatest(handle.db);
  await seedDemo(handle.db, MEDIA_DIR);
  const dump = await pglite.dumpDataDir('none');
  const file = path.join(dir, 'template.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  await handle.close();
  project.provide('pgliteTemplate', file);
  project.provide('postgresTemplate', '');
  return async () => rmSync(dir, { recursive: true, force: true });
}
