import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { pgliteDialect } from './pglite-dialect.js';
import type { Database } from './schema.js';

export type Db = Kysely<Database>;

/**
 * Extensions the migrations create (pg_trgm for search). PGlite loads an extension's code only
 * when it is named here, so every PGlite the project opens, including a restored copy, passes these.
 */
export const pgliteExtensions = { pg_trgm };

export interface DatabaseOptions {
  /** PostgreSQL URL; without it an embedded PGlite keeps its files under `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** An already open PGlite (tests restore a migrated template into one). */
  pglite?: PGlite;
  /** Told when an idle PostgreSQL connection fails. */
  onIdleError?: (error: Error) => void;
}

export interface DatabaseHandle {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

// count(*) and other int8 values arrive as strings from pg; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (value) => Number(value));

export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 20, connectionTimeoutMillis: 5_000 });
    // An idle connection that the server ends (restart, failover, a dropped database) is removed
    // from the pool and the next query opens a new one; unhandled, the event would end the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await assertReachable(db, 'PostgreSQL at DATABASE_URL');
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  let pglite = options.pglite;
  if (!pglite) {
    const dir = path.join(options.dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    pglite = await PGlite.create(dir, { extensions: pgliteExtensions });
  }
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
  await assertReachable(db, `the embedded database under ${options.dataDir}`);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function assertReachable(db: Db, what: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot reach ${what}: ${reason}`);
  }
}

export async function pingDatabase(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
