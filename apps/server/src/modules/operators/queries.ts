import type { OperatorRole } from '@drama/contracts';
import type { Insertable, Selectable, Transaction, Updateable } from 'kysely';
import type { Db } from '../../db/database.js';
import type { Database, OperatorsTable } from '../../db/schema.js';

export type OperatorRow = Selectable<OperatorsTable>;
export type Executor = Db | Transaction<Database>;

export function operatorByUsername(db: Executor, username: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('username', '=', username).executeTakeFirst();
}

export function operatorById(db: Executor, id: number, forUpdate = false): Promise<OperatorRow | undefined> {
  const query = db.selectFrom('operators').selectAll().where('id', '=', id);
  return (forUpdate ? query.forUpdate() : query).executeTakeFirst();
}

export function operatorBySetupToken(db: Executor, tokenHash: string): Promise<OperatorRow | undefined> {
  return db.selectFrom('operators').selectAll().where('setup_token_hash', '=', tokenHash).executeTakeFirst();
}

/** Whether an active owner has chosen a password (then no set-up link is offered at start). */
export async function ownerCanSignIn(db: Executor): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select('id')
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .where('password_hash', 'is not', null)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Gives the operator `owner` a set-up link (made on the first start); an `owner` who has chosen
 * a password keeps it. Answers whether the link was stored.
 */
export async function offerOwnerSetup(db: Executor, tokenHash: string, expiresAt: Date): Promise<boolean> {
  const row = await db
    .insertInto('operators')
    .values({ username: 'owner', role: 'owner', password_hash: null, setup_token_hash: tokenHash, setup_expires_at: expiresAt })
    .onConflict((oc) => oc.column('username').doUpdateSet({ setup_token_hash: tokenHash, setup_expires_at: expiresAt }).where('operators.password_hash', 'is', null))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the password chosen with a set-up link, spending the link; false when it was spent or replaced meanwhile. */
export async function spendSetupLink(db: Executor, id: number, tokenHash: string, passwordHash: string, sessionVersion: number): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ password_hash: passwordHash, setup_token_hash: null, setup_expires_at: null, session_version: sessionVersion, updated_at: new Date() })
    .where('id', '=', id)
    .where('setup_token_hash', '=', tokenHash)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export function listOperators(db: Executor): Promise<OperatorRow[]> {
  return db.selectFrom('operators').selectAll().orderBy('id').execute();
}

/** Active owners other than `exceptId`: one must always remain. */
export async function otherActiveOwners(db: Executor, exceptId: number): Promise<number> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('role', '=', 'owner')
    .where('status', '=', 'active')
    .where('id', '!=', exceptId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function insertOperator(db: Executor, values: Insertable<OperatorsTable>): Promise<OperatorRow> {
  return db.insertInto('operators').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateOperator(db: Executor, id: number, values: Updateable<OperatorsTable>): Promise<OperatorRow> {
  return db.updateTable('operators').set({ ...values, updated_at: new Date() }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

/**
 * Spends a two-factor time step: true only for the first caller to use `step` (or a later one),
 * so that one code signs in once however many sign-ins carry it at the same moment.
 */
export async function claimTotpStep(db: Executor, id: number, step: number): Promise<boolean> {
  const row = await db
    .updateTable('operators')
    .set({ totp_last_step: step })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertSession(
  db: Executor,
  values: { operatorId: number; tokenHash: string; csrfToken: string; version: number; setupOnly: boolean; ip: string | null; userAgent: string | null; now: Date; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('operator_sessions')
    .values({
      operator_id: values.operatorId,
      token_hash: values.tokenHash,
      csrf_token: values.csrfToken,
      session_version: values.version,
      totp_setup_only: values.setupOnly,
      ip: values.ip,
      user_agent: values.userAgent,
      created_at: values.now,
      last_seen_at: values.now,
      expires_at: values.expiresAt,
    })
    .execute();
}

export async function sessionCsrf(db: Executor, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('operator_sessions').select('csrf_token').where('id', '=', id).executeTakeFirst();
  return row?.csrf_token;
}

export async function deleteSession(db: Executor, id: number): Promise<void> {
  await db.deleteFrom('operator_sessions').where('id', '=', id).execute();
}

export async function deleteExpiredSessions(db: Executor, now: Date): Promise<void> {
  await db.deleteFrom('operator_sessions').where('expires_at', '<=', now).execute();
}

export async function updateSession(db: Executor, id: number, values: { session_version?: number; totp_setup_only?: boolean }): Promise<void> {
  await db.updateTable('operator_sessions').set(values).where('id', '=', id).execute();
}

export async function consoleSetting<T>(db: Executor, key: string): Promise<T | undefined> {
  const row = await db.selectFrom('console_settings').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value as T | undefined;
}

export async function putConsoleSetting(db: Executor, key: string, value: unknown): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('console_settings')
    .values({ key, value: json })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: new Date() }))
    .execute();
}

export function tokensQuery(db: Executor) {
  return db
    .selectFrom('operator_api_tokens as t')
    .innerJoin('operators as o', 'o.id', 't.operator_id')
    .select(['t.id', 't.name', 't.role', 't.operator_id', 'o.username as operator_username', 't.prefix', 't.created_at', 't.last_used_at', 't.revoked_at']);
}

/** Revokes the operator's live tokens of `roles`; says how many. */
export async function revokeApiTokens(db: Executor, operatorId: number, roles: readonly OperatorRole[], now: Date): Promise<number> {
  if (roles.length === 0) return 0;
  const revoked = await db
    .updateTable('operator_api_tokens')
    .set({ revoked_at: now })
    .where('operator_id', '=', operatorId)
    .where('revoked_at', 'is', null)
    .where('role', 'in', roles)
    .returning('id')
    .execute();
  return revoked.length;
}

export async function revokeApiToken(db: Executor, id: number, now: Date): Promise<void> {
  await db.updateTable('operator_api_tokens').set({ revoked_at: now }).where('id', '=', id).execute();
}

export function insertApiToken(db: Executor, values: { operatorId: number; name: string; role: OperatorRole; tokenHash: string; prefix: string }) {
  return db
    .insertInto('operator_api_tokens')
    .values({ operator_id: values.operatorId, name: values.name, role: values.role, token_hash: values.tokenHash, prefix: values.prefix })
    .returning('id')
    .executeTakeFirstOrThrow();
}
