import type { PGlite } from '@electric-sql/pglite';
import { PostgresDialect, type PostgresPool, type PostgresPoolClient, type PostgresQueryResult } from 'kysely';

const WRITE_COMMAND = /^\s*(?:with\b[\s\S]*?\b)?(insert|update|delete|merge)\b/i;
/** A `;` with more SQL after it: several statements, which only the simple protocol (exec) takes. */
const SEVERAL_STATEMENTS = /;\s*\S/;

/**
 * Presents one PGlite instance to Kysely's Postgres driver as a pool of one connection.
 * PGlite has a single session, so a transaction must hold it exclusively: `connect()` waits
 * until the previous holder releases it.
 */
class PGlitePool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();

  constructor(private readonly db: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const previous = this.tail;
    this.tail = new Promise<void>((resolve) => {
      release = resolve;
    });
    await previous;
    const db = this.db;
    return {
      async query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
        // The job queue sends scripts (BEGIN; ...; COMMIT) without parameters, as PostgreSQL takes them.
        if (parameters.length === 0 && SEVERAL_STATEMENTS.test(sql.trim().replace(/;$/, ''))) {
          const results = await db.exec(sql);
          const last = results.at(-1);
          return { command: 'SELECT', rowCount: last?.affectedRows ?? 0, rows: (last?.rows ?? []) as R[] };
        }
        const result = await db.query<R>(sql, parameters as unknown[]);
        const command = WRITE_COMMAND.exec(sql)?.[1]?.toUpperCase() as PostgresQueryResult<R>['command'] | undefined;
        return {
          command: command ?? 'SELECT',
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release,
    } as PostgresPoolClient;
  }

  async end(): Promise<void> {
    await this.tail;
    await this.db.close();
  }
}

export function pgliteDialect(db: PGlite): PostgresDialect {
  return new PostgresDialect({ pool: new PGlitePool(db) });
}
