import type {
  ApiTokenSummary,
  ConsoleMe,
  ConsoleSignInBody,
  ConsoleSignInResult,
  OperatorRole,
  OperatorSummary,
} from '@drama/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { OPERATOR_ROLES } from '@drama/contracts';
import { parseAddressList } from '../../platform/client-address.js';
import type { AppContext } from '../../platform/context.js';
import { writeAudit } from '../../platform/audit.js';
import { AppError } from '../../platform/errors.js';
import { API_TOKEN_PREFIX, type Actor, effectiveRole, randomToken, roleAllows, sha256 } from '../../platform/operators.js';
import { DEFAULT_SCRYPT, PasswordHasher, TEST_SCRYPT } from '../auth/passwords.js';
import * as q from './queries.js';
import { OperatorSignInLimits, operatorAccount } from './sign-in-limits.js';
import { acceptedStep, newTotpSecret, totpUri } from './totp.js';
import { iso } from '../../platform/iso-time.js';

const REQUIRE_TOTP_KEY = 'requireTotp';

export interface NewSession {
  token: string;
  csrfToken: string;
}

interface RequestMeta {
  ip: string | null;
  userAgent: string | null;
}

export function presentOperator(row: q.OperatorRow): OperatorSummary {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    totpEnabled: row.totp_enabled,
    pendingSetup: row.password_hash === null,
    lastSignInAt: iso(row.last_sign_in_at),
    createdAt: row.created_at.toISOString(),
  };
}

/** What the audit log keeps of an operator: never a secret. */
function auditedOperator(row: q.OperatorRow) {
  return { username: row.username, role: row.role, status: row.status, totpEnabled: row.totp_enabled };
}

/**
 * Operator accounts: sign-in with password and two-factor, sessions, set-up links, the owner's
 * management of operators, and API tokens for the operator's command.
 */
export class OperatorService {
  private readonly passwords: PasswordHasher;
  private readonly limits: OperatorSignInLimits;

  constructor(
    private readonly ctx: AppContext,
    private readonly log: FastifyBaseLogger,
  ) {
    this.passwords = new PasswordHasher(ctx.config.NODE_ENV === 'test' ? TEST_SCRYPT : DEFAULT_SCRYPT);
    this.limits = new OperatorSignInLimits(ctx.rateLimits, parseAddressList(ctx.config.LIMIT_EXEMPT_ADDRESSES));
  }

  private get db() {
    return this.ctx.db;
  }

  private now(): Date {
    return this.ctx.clock();
  }

  private setupUrl(token: string, origin: string): string {
    return `${this.ctx.config.PUBLIC_BASE_URL ?? origin}/console/setup?token=${token}`;
  }

  private newSetupToken(): { token: string; hash: string; expiresAt: Date } {
    const token = randomToken(24);
    return { token, hash: sha256(token), expiresAt: new Date(this.now().getTime() + this.ctx.config.CONSOLE_SETUP_LINK_HOURS * 3_600_000) };
  }

  /**
   * While no owner can sign in (the first start, or an owner who never used their link), each
   * start gives the owner `owner` a fresh one-time set-up link and prints it to the log: whoever
   * reads the server's log chooses the password.
   */
  async ensureFirstOwner(origin: string): Promise<void> {
    if (await q.ownerCanSignIn(this.db)) return;
    const setup = this.newSetupToken();
    if (!(await q.offerOwnerSetup(this.db, setup.hash, setup.expiresAt))) return;
    this.log.warn(
      { setupUrl: this.setupUrl(setup.token, origin), expiresAt: setup.expiresAt.toISOString() },
      'No console owner can sign in yet: open this one-time link to choose the password of "owner"',
    );
  }

  async requireTotp(): Promise<boolean> {
    return (await q.consoleSetting<boolean>(this.db, REQUIRE_TOTP_KEY)) ?? false;
  }

  async setRequireTotp(actor: Actor, requireTotp: boolean): Promise<{ requireTotp: boolean }> {
    return this.db.transaction().execute(async (trx) => {
      const before = (await q.consoleSetting<boolean>(trx, REQUIRE_TOTP_KEY)) ?? false;
      await q.putConsoleSetting(trx, REQUIRE_TOTP_KEY, requireTotp);
      await writeAudit(trx, actor, { action: 'console.security', targetType: 'console', targetId: null, before: { requireTotp: before }, after: { requireTotp } });
      return { requireTotp };
    });
  }

  private async createSession(trx: q.Executor, row: q.OperatorRow, setupOnly: boolean, meta: RequestMeta): Promise<NewSession> {
    const token = randomToken();
    const csrfToken = randomToken(24);
    const now = this.now();
    await q.insertSession(trx, {
      operatorId: row.id,
      tokenHash: sha256(token),
      csrfToken,
      version: row.session_version,
      setupOnly,
      ip: meta.ip,
      userAgent: meta.userAgent?.slice(0, 300) ?? null,
      now,
      expiresAt: new Date(now.getTime() + this.ctx.config.CONSOLE_SESSION_HOURS * 3_600_000),
    });
    return { token, csrfToken };
  }

  me(row: q.OperatorRow, csrfToken: string, setupOnly: boolean): ConsoleMe {
    return { id: row.id, username: row.username, role: row.role, totpEnabled: row.totp_enabled, totpSetupRequired: setupOnly, csrfToken };
  }

  async currentMe(actor: Actor, csrfToken: string, setupOnly: boolean): Promise<ConsoleMe> {
    const row = await q.operatorById(this.db, actor.operatorId ?? 0);
    if (!row) throw new AppError('OPERATOR_UNAUTHENTICATED', 'Sign in to the console');
    return this.me(row, csrfToken, setupOnly);
  }

  /**
   * Password, then the authenticator's code when two-factor is on. Each attempt is counted
   * (sign-in-limits.ts) before its password is checked; wrong passwords and wrong codes count
   * alike, and a name no operator has is counted and hashed for just as a known one is. The
   * operator's status is told only to someone who knew the password.
   */
  async signIn(body: ConsoleSignInBody, meta: RequestMeta): Promise<{ result: ConsoleSignInResult; session?: NewSession }> {
    await this.limits.passAddress(meta.ip);
    const row = await q.operatorByUsername(this.db, body.username);
    const attempt = this.limits.attempt(row ? operatorAccount(row.id) : `name:${body.username}`, meta.ip);
    const ticket = await this.limits.admit(attempt);
    if (!row?.password_hash) {
      await this.passwords.burn(body.password);
      throw await this.limits.failed(attempt, ticket, 'OPERATOR_CREDENTIALS_INVALID');
    }
    if (!(await this.passwords.verify(body.password, row.password_hash))) {
      throw await this.limits.failed(attempt, ticket, 'OPERATOR_CREDENTIALS_INVALID');
    }
    if (row.status !== 'active') {
      await this.limits.succeeded(attempt);
      throw new AppError('OPERATOR_DISABLED', 'This operator is disabled');
    }
    const now = this.now();
    let step: number | null = null;
    if (row.totp_enabled && row.totp_secret) {
      if (!body.code) {
        await this.limits.neutral(attempt);
        return { result: { step: 'totp' } };
      }
      step = await acceptedStep(row.totp_secret, body.code, now, row.totp_last_step === null ? null : Number(row.totp_last_step));
      if (step === null) throw await this.limits.failed(attempt, ticket, 'TOTP_INVALID');
    }
    const setupOnly = !row.totp_enabled && (await this.requireTotp());
    const signedIn = await this.db.transaction().execute(async (trx) => {
      // The step read above may have been spent since by a sign-in carrying the same code.
      if (step !== null && !(await q.claimTotpStep(trx, row.id, step))) return null;
      const updated = await q.updateOperator(trx, row.id, { last_sign_in_at: now });
      const session = await this.createSession(trx, updated, setupOnly, meta);
      const me = this.me(updated, session.csrfToken, setupOnly);
      return { result: setupOnly ? { step: 'totp-setup' as const, me } : { step: 'signed-in' as const, me }, session };
    });
    if (!signedIn) throw await this.limits.failed(attempt, ticket, 'TOTP_INVALID');
    await this.limits.succeeded(attempt);
    return signedIn;
  }

  async signOut(sessionId: number): Promise<void> {
    if (sessionId > 0) await q.deleteSession(this.db, sessionId);
    await q.deleteExpiredSessions(this.db, this.now());
  }

  async startTotpSetup(actor: Actor): Promise<{ secret: string; otpauthUrl: string }> {
    const secret = newTotpSecret();
    const row = await q.operatorById(this.db, actor.operatorId ?? 0);
    if (!row) throw new AppError('OPERATOR_NOT_FOUND', 'No such operator');
    // Kept aside until confirmed: an unconfirmed secret never gates sign-in.
    await q.updateOperator(this.db, row.id, row.totp_enabled ? {} : { totp_secret: secret });
    if (row.totp_enabled) throw new AppError('CONFLICT', 'Two-factor sign-in is on already; turn it off first');
    return { secret, otpauthUrl: totpUri(row.username, secret) };
  }

  /** Turns two-factor on with the first right code; a set-up-only session becomes a full one. */
  async confirmTotp(actor: Actor, code: string, sessionId: number): Promise<ConsoleMe> {
    return this.db.transaction().execute(async (trx) => {
      const row = await q.operatorById(trx, actor.operatorId ?? 0, true);
      if (!row?.totp_secret || row.totp_enabled) throw new AppError('TOTP_NOT_ENABLED', 'Start the set-up first');
      const step = await acceptedStep(row.totp_secret, code, this.now(), null);
      if (step === null) throw new AppError('TOTP_INVALID', 'The code is wrong');
      const updated = await q.updateOperator(trx, row.id, { totp_enabled: true, totp_last_step: step });
      const csrf = await q.sessionCsrf(trx, sessionId);
      if (sessionId > 0) await q.updateSession(trx, sessionId, { totp_setup_only: false });
      await writeAudit(trx, actor, { action: 'operator.totp-enable', targetType: 'operator', targetId: row.id, before: { totpEnabled: false }, after: { totpEnabled: true } });
      return this.me(updated, csrf ?? '', false);
    });
  }

  /** Wrong codes count towards the sign-in lock of this operator and address, as wrong current passwords do. */
  async disableTotp(actor: Actor, code: string): Promise<void> {
    if (await this.requireTotp()) throw new AppError('OPERATOR_FORBIDDEN', 'Two-factor sign-in is required for every operator');
    const attempt = this.limits.attempt(operatorAccount(actor.operatorId ?? 0), actor.ip);
    const ticket = await this.limits.admit(attempt);
    await this.db.transaction().execute(async (trx) => {
      const row = await q.operatorById(trx, actor.operatorId ?? 0, true);
      if (!row?.totp_enabled || !row.totp_secret) {
        await this.limits.neutral(attempt);
        throw new AppError('TOTP_NOT_ENABLED', 'Two-factor sign-in is off');
      }
      const step = await acceptedStep(row.totp_secret, code, this.now(), row.totp_last_step === null ? null : Number(row.totp_last_step));
      if (step === null) throw await this.limits.failed(attempt, ticket, 'TOTP_INVALID');
      await q.updateOperator(trx, row.id, { totp_enabled: false, totp_secret: null, totp_last_step: null });
      await writeAudit(trx, actor, { action: 'operator.totp-disable', targetType: 'operator', targetId: row.id, before: { totpEnabled: true }, after: { totpEnabled: false } });
    });
    await this.limits.neutral(attempt);
  }

  /**
   * Ends every other session of the operator; the one in use carries on. Wrong current passwords
   * count towards the same lock as wrong sign-ins from this address, so a taken-over session
   * gives no more guesses than the sign-in page does.
   */
  async changePassword(actor: Actor, currentPassword: string, newPassword: string, sessionId: number): Promise<void> {
    const row = await q.operatorById(this.db, actor.operatorId ?? 0);
    if (!row) throw new AppError('OPERATOR_UNAUTHENTICATED', 'Sign in to the console');
    const attempt = this.limits.attempt(operatorAccount(row.id), actor.ip);
    const ticket = await this.limits.admit(attempt);
    if (!row.password_hash || !(await this.passwords.verify(currentPassword, row.password_hash))) {
      throw await this.limits.failed(attempt, ticket, 'CONSOLE_WRONG_PASSWORD');
    }
    await this.limits.succeeded(attempt);
    const hash = await this.passwords.hash(newPassword);
    await this.db.transaction().execute(async (trx) => {
      const updated = await q.updateOperator(trx, row.id, { password_hash: hash, session_version: row.session_version + 1 });
      if (sessionId > 0) await q.updateSession(trx, sessionId, { session_version: updated.session_version });
      await writeAudit(trx, actor, { action: 'operator.password-change', targetType: 'operator', targetId: row.id });
    });
  }

  private async liveSetup(token: string): Promise<q.OperatorRow> {
    const row = await q.operatorBySetupToken(this.db, sha256(token));
    if (!row?.setup_expires_at || row.setup_expires_at <= this.now() || row.status !== 'active') {
      throw new AppError('SETUP_LINK_INVALID', 'This set-up link is unknown, used or expired');
    }
    return row;
  }

  async setupInfo(token: string): Promise<{ username: string; role: OperatorRole; expiresAt: string }> {
    const row = await this.liveSetup(token);
    return { username: row.username, role: row.role, expiresAt: (row.setup_expires_at as Date).toISOString() };
  }

  /** The link is spent by the first password chosen with it; it also ends older sessions. */
  async completeSetup(token: string, password: string, ip: string | null): Promise<void> {
    const row = await this.liveSetup(token);
    const hash = await this.passwords.hash(password);
    await this.db.transaction().execute(async (trx) => {
      const spent = await q.spendSetupLink(trx, row.id, sha256(token), hash, row.session_version + 1);
      if (!spent) throw new AppError('SETUP_LINK_INVALID', 'This set-up link is unknown, used or expired');
      const actor: Actor = { operatorId: row.id, username: row.username, role: row.role, via: 'session', ip };
      await writeAudit(trx, actor, { action: 'operator.setup', targetType: 'operator', targetId: row.id });
    });
    await this.limits.released(this.limits.attempt(operatorAccount(row.id), ip));
  }

  async list(): Promise<OperatorSummary[]> {
    return (await q.listOperators(this.db)).map(presentOperator);
  }

  async create(actor: Actor, username: string, role: OperatorRole, origin: string) {
    const setup = this.newSetupToken();
    return this.db.transaction().execute(async (trx) => {
      if (await q.operatorByUsername(trx, username)) throw new AppError('OPERATOR_USERNAME_TAKEN', 'That username is taken');
      const row = await q.insertOperator(trx, { username, role, password_hash: null, setup_token_hash: setup.hash, setup_expires_at: setup.expiresAt });
      await writeAudit(trx, actor, { action: 'operator.create', targetType: 'operator', targetId: row.id, after: auditedOperator(row) });
      return { operator: presentOperator(row), setupUrl: this.setupUrl(setup.token, origin), expiresAt: setup.expiresAt.toISOString() };
    });
  }

  /**
   * A role change or a disable ends the operator's sessions; one active owner always remains. A
   * disable revokes every API token of the operator, a role change those of a role the new one
   * does not cover, in the same transaction; the audit row says how many.
   */
  async update(actor: Actor, id: number, change: { role?: OperatorRole | undefined; status?: 'active' | 'disabled' | undefined }): Promise<OperatorSummary> {
    return this.db.transaction().execute(async (trx) => {
      const row = await q.operatorById(trx, id, true);
      if (!row) throw new AppError('OPERATOR_NOT_FOUND', 'No such operator');
      const losesOwner = row.role === 'owner' && row.status === 'active' && ((change.role && change.role !== 'owner') || change.status === 'disabled');
      if (losesOwner && (await q.otherActiveOwners(trx, id)) === 0) throw new AppError('LAST_OWNER', 'The last active owner must stay an active owner');
      const updated = await q.updateOperator(trx, id, {
        ...(change.role ? { role: change.role } : {}),
        ...(change.status ? { status: change.status } : {}),
        session_version: row.session_version + 1,
      });
      const uncovered = change.status === 'disabled' ? OPERATOR_ROLES : OPERATOR_ROLES.filter((role) => !roleAllows(updated.role, role));
      const revokedApiTokens = await q.revokeApiTokens(trx, id, uncovered, this.now());
      await writeAudit(trx, actor, {
        action: 'operator.update',
        targetType: 'operator',
        targetId: id,
        before: auditedOperator(row),
        after: { ...auditedOperator(updated), revokedApiTokens },
      });
      return presentOperator(updated);
    });
  }

  async resetTotp(actor: Actor, id: number): Promise<OperatorSummary> {
    return this.db.transaction().execute(async (trx) => {
      const row = await q.operatorById(trx, id, true);
      if (!row) throw new AppError('OPERATOR_NOT_FOUND', 'No such operator');
      const updated = await q.updateOperator(trx, id, { totp_enabled: false, totp_secret: null, totp_last_step: null, session_version: row.session_version + 1 });
      await writeAudit(trx, actor, { action: 'operator.reset-2fa', targetType: 'operator', targetId: id, before: { totpEnabled: row.totp_enabled }, after: { totpEnabled: false } });
      return presentOperator(updated);
    });
  }

  /** A new link replaces any earlier one; the password stays until the link is used. */
  async newSetupLink(actor: Actor, id: number, origin: string): Promise<{ setupUrl: string; expiresAt: string }> {
    const setup = this.newSetupToken();
    return this.db.transaction().execute(async (trx) => {
      const row = await q.operatorById(trx, id, true);
      if (!row) throw new AppError('OPERATOR_NOT_FOUND', 'No such operator');
      await q.updateOperator(trx, id, { setup_token_hash: setup.hash, setup_expires_at: setup.expiresAt });
      await writeAudit(trx, actor, { action: 'operator.setup-link', targetType: 'operator', targetId: id });
      return { setupUrl: this.setupUrl(setup.token, origin), expiresAt: setup.expiresAt.toISOString() };
    });
  }

  private presentToken(row: Awaited<ReturnType<ReturnType<typeof q.tokensQuery>['executeTakeFirstOrThrow']>>): ApiTokenSummary {
    return {
      id: row.id,
      name: row.name,
      role: row.role,
      operatorId: row.operator_id,
      operatorUsername: row.operator_username,
      prefix: row.prefix,
      createdAt: row.created_at.toISOString(),
      lastUsedAt: iso(row.last_used_at),
      revokedAt: iso(row.revoked_at),
    };
  }

  /** An owner sees every token; others their own. */
  async tokens(actor: Actor): Promise<ApiTokenSummary[]> {
    let query = q.tokensQuery(this.db).orderBy('t.id', 'desc');
    if (effectiveRole(actor) !== 'owner') query = query.where('t.operator_id', '=', actor.operatorId ?? 0);
    return (await query.execute()).map((row) => this.presentToken(row));
  }

  /** The token is shown once; only its hash is kept. A token's role is at most its maker's. */
  async createToken(actor: Actor, name: string, role: OperatorRole): Promise<{ token: string; record: ApiTokenSummary }> {
    if (actor.operatorId === null) throw new AppError('OPERATOR_FORBIDDEN', 'Tokens belong to an operator');
    if (effectiveRole(actor) !== 'owner' && role !== effectiveRole(actor)) throw new AppError('API_TOKEN_ROLE_TOO_HIGH', 'A token may have only your own role');
    const token = `${API_TOKEN_PREFIX}${randomToken(32)}`;
    return this.db.transaction().execute(async (trx) => {
      const { id } = await q.insertApiToken(trx, { operatorId: actor.operatorId as number, name, role, tokenHash: sha256(token), prefix: token.slice(0, 10) });
      const record = this.presentToken(await q.tokensQuery(trx).where('t.id', '=', id).executeTakeFirstOrThrow());
      await writeAudit(trx, actor, { action: 'api-token.create', targetType: 'api-token', targetId: id, after: { name, role, prefix: record.prefix } });
      return { token, record };
    });
  }

  async revokeToken(actor: Actor, id: number): Promise<ApiTokenSummary> {
    return this.db.transaction().execute(async (trx) => {
      const row = await q.tokensQuery(trx).where('t.id', '=', id).executeTakeFirst();
      if (!row || (effectiveRole(actor) !== 'owner' && row.operator_id !== actor.operatorId)) throw new AppError('API_TOKEN_NOT_FOUND', 'No such token');
      if (!row.revoked_at) {
        await q.revokeApiToken(trx, id, this.now());
        await writeAudit(trx, actor, { action: 'api-token.revoke', targetType: 'api-token', targetId: id, before: { name: row.name, role: row.role } });
      }
      return this.presentToken(await q.tokensQuery(trx).where('t.id', '=', id).executeTakeFirstOrThrow());
    });
  }
}
