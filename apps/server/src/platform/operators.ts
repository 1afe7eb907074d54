import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import '@fastify/cookie';
import type { OperatorRole } from '@drama/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.js';
import type { Config } from './config.js';
import { AppError } from './errors.js';

/** Who made a console or admin call; every audit row is written from one. */
export interface Actor {
  /** Null only for the bootstrap ADMIN_TOKEN, which belongs to nobody. */
  operatorId: number | null;
  /** At the time of the call: the audit log keeps it even after a rename or removal. */
  username: string;
  /** The operator's own role at the time of the call, read with it: what the audit log keeps. */
  role: OperatorRole;
  /**
   * An API token's role, which may be narrower than its operator's: a call must be allowed to
   * both. Never wider, since a token whose operator no longer holds its role is refused.
   */
  tokenRole?: OperatorRole;
  /** schedule: a release carried out for the operator who scheduled it. */
  via: 'session' | 'token' | 'bootstrap' | 'schedule';
  ip: string | null;
}

/** A console route's rule: the roles that may call it (owner always may), or public. */
export type ConsoleRule =
  | {
      role: OperatorRole | readonly OperatorRole[];
      audit?: string;
      totpSetup?: boolean;
      /**
       * Only a signed-in session, never an API token: the acts that secure the account itself
       * (password, two-factor) and that make tokens, so a leaked token cannot outlive its own
       * revocation or lock its operator out.
       */
      sessionOnly?: boolean;
    }
  | { public: true; audit?: string };

export const SESSION_COOKIE = 'console_session';
export const CSRF_COOKIE = 'console_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** Prefix of operator API tokens, so a leaked one is recognisable (and secret scanners can find it). */
export const API_TOKEN_PREFIX = 'opk_';
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** An API token's last_used_at is written at most this often, not on every call. */
const TOUCH_EVERY_MS = 60_000;

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

function sameText(a: string, b: string): boolean {
  const left = Buffer.from(sha256(a));
  const right = Buffer.from(sha256(b));
  return timingSafeEqual(left, right);
}

export function roleAllows(role: OperatorRole, required: OperatorRole | readonly OperatorRole[]): boolean {
  if (role === 'owner') return true;
  return typeof required === 'string' ? required === role : required.includes(role);
}

/** The role an actor acts in: a token's when the call carries one (never wider than its operator's). */
export function effectiveRole(actor: Pick<Actor, 'role' | 'tokenRole'>): OperatorRole {
  return actor.tokenRole ?? actor.role;
}

/** What an actor may do: their operator's role now, narrowed by the token's when the call carries one. */
export function actorAllows(actor: Pick<Actor, 'role' | 'tokenRole'>, required: OperatorRole | readonly OperatorRole[]): boolean {
  return roleAllows(actor.role, required) && (actor.tokenRole === undefined || roleAllows(actor.tokenRole, required));
}

interface ResolvedSession {
  actor: Actor;
  sessionId: number;
  csrfToken: string;
  totpSetupOnly: boolean;
}

/**
 * Resolves the operator behind a console call: a session cookie (with the CSRF header on every
 * change), or an operator's API token as a bearer. A session ends after CONSOLE_IDLE_MINUTES
 * without a call, after CONSOLE_SESSION_HOURS in all, and at once when the operator is disabled
 * or their session version is raised (password changed, two-factor reset).
 */
export class OperatorAuth {
  private readonly resolved = new WeakMap<FastifyRequest, ResolvedSession>();

  constructor(
    private readonly db: Db,
    private readonly config: Pick<Config, 'CONSOLE_IDLE_MINUTES'>,
    private readonly clock: () => Date,
  ) {}

  /** The checks of a console route with this rule; the actor is then found by `actor()`. */
  async check(request: FastifyRequest, rule: ConsoleRule): Promise<void> {
    if ('public' in rule) return;
    const session = await this.resolve(request);
    if (session.totpSetupOnly && !rule.totpSetup) {
      throw new AppError('TOTP_SETUP_REQUIRED', 'Set up two-factor sign-in first');
    }
    if (!actorAllows(session.actor, rule.role)) {
      throw new AppError('OPERATOR_FORBIDDEN', 'Your role may not do this');
    }
    if (rule.sessionOnly && session.actor.via !== 'session') {
      throw new AppError('OPERATOR_FORBIDDEN', 'Only a signed-in console session may do this, not an API token');
    }
  }

  /** The actor of a request `check()` has passed. */
  actor(request: FastifyRequest): Actor {
    const session = this.resolved.get(request);
    if (!session) throw new Error('actor() before check()');
    return session.actor;
  }

  /** The session behind a cookie-authenticated request, for sign-out and the CSRF token. */
  session(request: FastifyRequest): ResolvedSession | undefined {
    return this.resolved.get(request);
  }

  /** For plain Fastify routes (the upload protocol): the whole check in one call. */
  async require(request: FastifyRequest, role: OperatorRole | readonly OperatorRole[]): Promise<Actor> {
    await this.check(request, { role });
    return this.actor(request);
  }

  private async resolve(request: FastifyRequest): Promise<ResolvedSession> {
    const known = this.resolved.get(request);
    if (known) return known;
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const found = bearer ? await this.fromApiToken(request, bearer) : await this.fromCookie(request);
    this.resolved.set(request, found);
    return found;
  }

  private async fromApiToken(request: FastifyRequest, token: string): Promise<ResolvedSession> {
    if (!token.startsWith(API_TOKEN_PREFIX)) throw unauthenticated();
    const row = await this.db
      .selectFrom('operator_api_tokens as t')
      .innerJoin('operators as o', 'o.id', 't.operator_id')
      .select(['t.id', 't.role', 't.revoked_at', 't.last_used_at', 'o.id as operator_id', 'o.username', 'o.status', 'o.role as operator_role'])
      .where('t.token_hash', '=', sha256(token))
      .executeTakeFirst();
    // The operator's role is read on every call: a token of a role its operator no longer holds
    // (demoted since it was issued) is dead, whatever it was allowed when it was made.
    if (!row || row.revoked_at || row.status !== 'active' || !roleAllows(row.operator_role, row.role)) throw unauthenticated();
    const now = this.clock();
    if (!row.last_used_at || now.getTime() - row.last_used_at.getTime() > TOUCH_EVERY_MS) {
      await this.db.updateTable('operator_api_tokens').set({ last_used_at: now }).where('id', '=', row.id).execute();
    }
    return {
      actor: {
        operatorId: row.operator_id,
        username: row.username,
        role: row.operator_role,
        tokenRole: row.role,
        via: 'token',
        ip: request.ip ?? null,
      },
      sessionId: 0,
      csrfToken: '',
      totpSetupOnly: false,
    };
  }

  private async fromCookie(request: FastifyRequest): Promise<ResolvedSession> {
    const value = request.cookies?.[SESSION_COOKIE];
    if (!value) throw unauthenticated();
    const now = this.clock();
    const idleMs = this.config.CONSOLE_IDLE_MINUTES * 60_000;
    const row = await this.db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators as o', 'o.id', 's.operator_id')
      .select([
        's.id',
        's.csrf_token',
        's.session_version',
        's.totp_setup_only',
        's.last_seen_at',
        's.expires_at',
        'o.id as operator_id',
        'o.username',
        'o.role',
        'o.status',
        'o.session_version as current_version',
      ])
      .where('s.token_hash', '=', sha256(value))
      .executeTakeFirst();
    if (
      !row ||
      row.status !== 'active' ||
      row.session_version !== row.current_version ||
      row.expires_at <= now ||
      now.getTime() - row.last_seen_at.getTime() > idleMs
    ) {
      throw unauthenticated();
    }
    if (!SAFE_METHODS.has(request.method)) {
      const header = request.headers[CSRF_HEADER];
      if (typeof header !== 'string' || !sameText(header, row.csrf_token)) {
        throw new AppError('CSRF_INVALID', 'The X-CSRF-Token header is missing or wrong');
      }
    }
    // Every call counts as use, so the idle timeout runs from the last call exactly; written only
    // forwards, as calls of one session may finish out of order.
    await this.db
      .updateTable('operator_sessions')
      .set({ last_seen_at: now })
      .where('id', '=', row.id)
      .where('last_seen_at', '<', now)
      .execute();
    return {
      actor: { operatorId: row.operator_id, username: row.username, role: row.role, via: 'session', ip: request.ip ?? null },
      sessionId: row.id,
      csrfToken: row.csrf_token,
      totpSetupOnly: row.totp_setup_only,
    };
  }
}

function unauthenticated(): AppError {
  return new AppError('OPERATOR_UNAUTHENTICATED', 'Sign in to the console');
}

/** The two cookies of a console session: the session itself (httpOnly) and its CSRF value (readable). */
export function setSessionCookies(reply: FastifyReply, session: { token: string; csrfToken: string }, secure: boolean): void {
  const common = { path: '/', sameSite: 'strict' as const, secure };
  reply.setCookie(SESSION_COOKIE, session.token, { ...common, httpOnly: true });
  reply.setCookie(CSRF_COOKIE, session.csrfToken, { ...common, httpOnly: false });
}

export function clearSessionCookies(reply: FastifyReply, secure: boolean): void {
  const common = { path: '/', sameSite: 'strict' as const, secure };
  reply.clearCookie(SESSION_COOKIE, { ...common, httpOnly: true });
  reply.clearCookie(CSRF_COOKIE, common);
}
