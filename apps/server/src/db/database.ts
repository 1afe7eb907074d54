import { accessSync, constants, mkdirSync } from 'node:fs';
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

/** The database cannot be opened or reached; the message is one line meant for the operator. */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
}

function oneLine(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim();
}

const FS_REASONS: Record<string, string> = {
  ENOTDIR: 'part of the path is a file, not a directory',
  EEXIST: 'part of the path is a file, not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

function ensureWritableDir(dir: string, what: string): void {
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.R_OK | constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new DatabaseUnavailableError(`${what} cannot be used: ${(code && FS_REASONS[code]) ?? oneLine(error)}`);
  }
}

/** Makes sure DATA_DIR exists and can be written, or says in one line why it cannot. */
export function ensureDataDir(dataDir: string): void {
  ensureWritableDir(dataDir, `DATA_DIR ${dataDir}`);
}

/**
 * Opens PGlite on its directory under DATA_DIR. PostgreSQL compiled to WebAssembly reports a
 * damaged directory as an abort or a bare "failed to initialize", so the error names the
 * directory and what the operator can do about it.
 */
async function openPglite(dataDir: string): Promise<PGlite> {
  const dir = path.join(dataDir, 'pglite');
  ensureDataDir(dataDir);
  ensureWritableDir(dir, `DATA_DIR ${dataDir} (its folder pglite)`);
  try {
    return await PGlite.create(dir, { extensions: pgliteExtensions });
  } catch (error) {
    throw new DatabaseUnavailableError(
      `Cannot open the embedded database in DATA_DIR ${dataDir} (${dir}): its files are damaged or incomplete (${oneLine(error).replace(/\s*Build with -sASSERTIONS.*$/, '')}). ` +
        'Restore DATA_DIR from a backup, or point DATA_DIR at an empty directory to start afresh.',
    );
  }
}

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
  const pglite = options.pglite ?? (await openPglite(options.dataDir));
  const db = new Kysely<Database>({ dialect: pgliteDialect(pglite) });
  await assertReachable(db, `the embedded database in DATA_DIR ${options.dataDir}`);
  return { db, kind: 'pglite', close: () => db.destroy() };
}

async function assertReachable(db: Db, what: string): Promise<void> {
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    throw new DatabaseUnavailableError(`Cannot reach ${what}: ${oneLine(error)}`);
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
