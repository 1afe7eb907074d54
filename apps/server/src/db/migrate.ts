import { type Kysely, type Migration, Migrator, sql } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';

function toMigration(statements: readonly string[]): Migration {
  return {
    async up(db) {
      // One statement per call: PGlite's extended protocol takes a single statement at a time.
      for (const statement of statements) await sql.raw(statement).execute(db);
    },
  };
}

/** Applies pending migrations; Kysely's migrator locks, so concurrent instances apply each once. */
export async function migrateToLatest(db: Kysely<Database>): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider: {
      async getMigrations() {
        return Object.fromEntries(migrations.map((m) => [m.name, toMigration(m.statements)]));
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((result) => result.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
  return (results ?? []).map((result) => result.migrationName);
}
