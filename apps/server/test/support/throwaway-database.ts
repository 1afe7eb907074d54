import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** The machine's PostgreSQL as administrator: where throwaway databases are made. */
export const PG_ADMIN_URL = process.env.PG_ADMIN_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

export interface ThrowawayDatabase {
  name: string;
  url: string;
  /** Removes the database, its open connections and all. */
  drop(): Promise<void>;
  /** Leaves the database for a closer look and lets go of the connection that made it. */
  keep(): Promise<void>;
}

interface Options {
  /** An administrator's address on the server to make it on (default PG_ADMIN_URL). */
  serverUrl?: string;
  /** A database to copy instead of starting empty. */
  template?: string;
  connectionTimeoutMillis?: number;
}

async function create(admin: pg.Client, name: string, template: string | undefined): Promise<void> {
  if (!template) {
    await admin.query(`create database ${name}`);
    return;
  }
  // Copies of one template may not be made at the same instant; retry briefly when they collide.
  for (let attempt = 0; ; attempt += 1) {
    try {
      await admin.query(`create database ${name} template ${template}`);
      return;
    } catch (error) {
      if (attempt >= 20 || !/being accessed by other users/.test((error as Error).message)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
    }
  }
}

/** A PostgreSQL database under a random name with `prefix`, for one test file or bench run. */
export async function createThrowawayDatabase(prefix: string, options: Options = {}): Promise<ThrowawayDatabase> {
  const serverUrl = options.serverUrl ?? PG_ADMIN_URL;
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: options.connectionTimeoutMillis });
  await admin.connect();
  try {
    await create(admin, name, options.template);
  } catch (error) {
    await admin.end();
    throw error;
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      try {
        await admin.query(`drop database if exists ${name} with (force)`);
      } finally {
        await admin.end();
      }
    },
    keep: () => admin.end(),
  };
}
