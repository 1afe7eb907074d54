import type { BlockList } from 'node:net';
import {
  type CodeRequestBody,
  type CodeRequestResult,
  type Locale,
  normalizePhone,
  PHONE_PATTERN,
  type ResetPasswordBody,
  type Session,
  type SignInBody,
  type SignUpBody,
  USER_STATUS,
} from '@drama/contracts';
import type { UserRow } from '../../db/schema.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { normalizeInviteCode } from '../tasks/invite-codes.js';
import { linkInviter } from '../tasks/index.js';
import { presentUserInfo } from '../users/presenters.js';
import * as users from '../users/index.js';
import { addressKey, isListed } from '../../platform/client-address.js';
import type { AttemptGate } from './abuse-limits.js';
import type { VerificationCodes } from './codes.js';
import type { SignInThrottle } from './sign-in-throttle.js';
import type { PasswordHasher } from './passwords.js';
import { registerSignIn } from './queries.js';

/** Where a request came from, for the record of sign-ins. */
export interface ClientMeta {
  remoteIp: string | null;
  userAgent: string | null;
}

const TAKEN: Record<users.UserField, AppError> = {
  username: new AppError('USERNAME_TAKEN', 'This username is taken'),
  email: new AppError('EMAIL_TAKEN', 'This email belongs to another account'),
  phone: new AppError('PHONE_TAKEN', 'This phone number belongs to another account'),
};

/** The error for a unique field that was taken between our check and our write. */
export function takenError(error: unknown): AppError | null {
  const field = users.uniqueViolation(error);
  return field ? TAKEN[field] : null;
}

/** The candidate lookups of a sign-in account: username (any case), phone, or email. */
function accountKeys(account: string) {
  const compact = account.replace(/[\s-]/g, '');
  return {
    username: account,
    phone: PHONE_PATTERN.test(compact) ? normalizePhone(compact) : null,
    email: account.includes('@') ? account.toLowerCase() : null,
  };
}

/** How the sign-in throttle names a member's account, whichever name was typed. */
function memberKey(userId: number): string {
  return `member:${userId}`;
}

/** The abuse limits the auth calls pass (abuse-limits.ts, sign-in-throttle.ts). */
export interface AuthLimits {
  signIn: SignInThrottle;
  signUp: AttemptGate;
  codes: AttemptGate;
  resetPassword: AttemptGate;
  /** LIMIT_EXEMPT_ADDRESSES: addresses the per-address limits do not count. */
  exempt: BlockList;
}

/**
 * Sign-up, sign-in, sign-out, verification codes and the forgotten-password reset.
 * Tokens are stateless; what ends them is the user's token version (DESIGN.md section 4).
 * Sign-in and reset answer alike whether or not an account exists (DESIGN.md, account privacy).
 */
export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly passwords: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly limits: AuthLimits,
  ) {}

  private session(user: UserRow): Session {
    return { token: this.ctx.tokens.sign({ userId: user.id, version: user.token_version }), user: presentUserInfo(user) };
  }

  /** The key a request's address is counted under, or null when it is exempt. */
  private address(meta: ClientMeta): string | null {
    return isListed(this.limits.exempt, meta.remoteIp) ? null : addressKey(meta.remoteIp);
  }

  async signUp(body: SignUpBody, meta: ClientMeta): Promise<Session> {
    const address = this.address(meta);
    if (address) await this.limits.signUp.pass(address, body.challenge);
    if (await users.findUserByUsername(this.ctx.db, body.username)) throw TAKEN.username;
    if (body.email && (await users.findUserByEmail(this.ctx.db, body.email))) throw TAKEN.email;
    const passwordHash = await this.passwords.hash(body.password);
    const now = this.ctx.clock();
    try {
      const user = await this.ctx.db.transaction().execute(async (trx) => {
        const created = await users.insertUser(trx, { username: body.username, passwordHash, email: body.email ?? null });
        await registerSignIn(trx, { userId: created.id, kind: 'sign-up', ip: null, ...meta, at: now });
        if (body.inviteCode) await linkInviter(trx, created.id, normalizeInviteCode(body.inviteCode));
        return created;
      });
      return this.session(user);
    } catch (error) {
      throw takenError(error) ?? error;
    }
  }

  /**
   * Signs in by username (any letter case), phone or email. The throttle is asked before the
   * password is checked, and wrong passwords are counted for unknown accounts too; the
   * account's status is checked after the password, so that only someone who knows the
   * password learns that an account is disabled.
   */
  async signIn(body: SignInBody, meta: ClientMeta): Promise<Session> {
    const keys = accountKeys(body.account);
    const candidates = await users.findUsersByAccount(this.ctx.db, keys);
    const user =
      candidates.find((row) => row.username.toLowerCase() === keys.username.toLowerCase()) ??
      candidates.find((row) => keys.phone !== null && row.phone === keys.phone) ??
      candidates.find((row) => keys.email !== null && row.email?.toLowerCase() === keys.email);
    const attempt = {
      account: user ? memberKey(user.id) : `name:${keys.phone ?? keys.username.toLowerCase()}`,
      address: this.address(meta),
    };
    const ticket = await this.limits.signIn.admit(attempt, body.challenge);
    if (!user) {
      await this.passwords.burn(body.password);
      throw await this.limits.signIn.failed(attempt, ticket);
    }
    if (!(await this.passwords.verify(body.password, user.password_hash))) {
      throw await this.limits.signIn.failed(attempt, ticket);
    }
    await this.limits.signIn.succeeded(attempt);
    if (user.status !== USER_STATUS.active) throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled');

    const now = this.ctx.clock();
    const upgradedHash = this.passwords.needsRehash(user.password_hash) ? await this.passwords.hash(body.password) : null;
    await this.ctx.db.transaction().execute(async (trx) => {
      if (upgradedHash) await users.setPasswordHash(trx, user.id, upgradedHash, { endSessions: false });
      await registerSignIn(trx, { userId: user.id, kind: 'sign-in', ip: body.ip || null, ...meta, at: now });
    });
    return this.session(user);
  }

  /**
   * Tokens are stateless, so signing out is the client forgetting its token. The server does
   * not move the token version here: that would sign the member out on every device. (A
   * password change does, on purpose.)
   */
  async signOut(_viewer: Viewer): Promise<{ ok: true }> {
    return { ok: true };
  }

  /**
   * Sends a code. A reset code is answered alike for any email, and sent only to a registered
   * one. Bind codes are for signed-in members, to an email or phone that no other account uses.
   */
  async requestCode(body: CodeRequestBody, viewer: Viewer | null, locale: Locale, meta: ClientMeta): Promise<CodeRequestResult> {
    const { channel, target, purpose } = body;
    const address = this.address(meta);
    if (address) await this.limits.codes.pass(address, body.challenge);
    if (purpose === 'reset') {
      const registered = (await users.findUserByEmail(this.ctx.db, target)) !== undefined;
      return this.codes.issue({ channel, target, purpose, userId: null }, locale, { deliver: registered });
    }
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in first to bind an email or phone');
    const owner =
      channel === 'email'
        ? await users.findUserByEmail(this.ctx.db, target)
        : await users.findUserByPhone(this.ctx.db, target);
    if (owner && owner.id !== viewer.id) throw TAKEN[channel];
    return this.codes.issue({ channel, target, purpose, userId: viewer.id }, locale);
  }

  /**
   * Sets a new password with a code sent to the account's email; every old token ends. An email
   * no account uses has a code kept but never sent, so its guesses are refused and counted alike.
   */
  async resetPassword(body: ResetPasswordBody, meta: ClientMeta): Promise<{ ok: true }> {
    const address = this.address(meta);
    if (address) await this.limits.resetPassword.pass(address, body.challenge);
    const user = await users.findUserByEmail(this.ctx.db, body.email);
    const use = { channel: 'email' as const, target: body.email, purpose: 'reset' as const, userId: null };
    const passwordHash = await this.passwords.hash(body.newPassword);
    // The transaction commits a wrong guess too: its count is the code's limit.
    const refused = await this.ctx.db.transaction().execute(async (trx) => {
      const wrong = await this.codes.consume(trx, use, body.code);
      if (wrong) return wrong;
      if (!user) return new AppError('CODE_INVALID', 'The code is not valid: ask for a new one');
      await users.setPasswordHash(trx, user.id, passwordHash, { endSessions: true });
      return null;
    });
    if (refused) throw refused;
    if (user) await this.limits.signIn.released({ account: memberKey(user.id), address });
    return { ok: true };
  }
}
