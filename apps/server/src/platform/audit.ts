import type { Transaction } from 'kysely';
import type { Db } from '../db/database.js';
import type { Database } from '../db/schema.js';
import type { Actor } from './operators.js';

export interface AuditEntryInput {
  /** What was done, `<thing>.<verb>`: `drama.update`, `operator.create`. */
  action: string;
  targetType: string;
  targetId: string | number | null;
  before?: unknown;
  after?: unknown;
}

/** Values that must never reach the log, whatever a service hands in. */
const SECRET_KEYS = new Set(['password', 'password_hash', 'passwordHash', 'totp_secret', 'totpSecret', 'token', 'token_hash', 'setup_token_hash']);

function redacted(value: unknown): unknown {
  if (value === undefined || value === null) return null;
  return JSON.parse(JSON.stringify(value, (key, inner: unknown) => (SECRET_KEYS.has(key) ? '[redacted]' : inner)));
}

/**
 * Writes one audit row. Call it inside the transaction of the change it records, so that the
 * change and its record land together or not at all.
 */
export async function writeAudit(db: Db | Transaction<Database>, actor: Actor, entry: AuditEntryInput): Promise<void> {
  const before = redacted(entry.before);
  const after = redacted(entry.after);
  await db
    .insertInto('audit_log')
    .values({
      operator_id: actor.operatorId,
      username: actor.username,
      role: actor.role,
      via: actor.via,
      action: entry.action,
      target_type: entry.targetType,
      target_id: entry.targetId === null ? null : String(entry.targetId),
      before: before === null ? null : JSON.stringify(before),
      after: after === null ? null : JSON.stringify(after),
      ip: actor.ip,
    })
    .execute();
}
