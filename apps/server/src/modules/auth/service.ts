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
import { linkInviter } from '../tasks/queries.js';
import { presentUserInfo } from '../users/presenters.js';
import * as users from '../users/queries.js';
import type { VerificationCodes } from './codes.js';
import type { SignInLock } from './lockout.js';
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

/**
 * Sign-up, sign-in, sign-out, verification codes and the forgotten-password reset.
 * Tokens are stateless; what ends them is the user's token version (DESIGN.md section 4).
 */
export class AuthService {
  constructor(
    private readonly ctx: AppContext,
    private readonly passwords: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly lock: SignInLock,
  ) {}

  private session(user: UserRow): Session {
    return { token: this.ctx.tokens.sign({ userId: user.id, version: user.token_version }), user: presentUserInfo(user) };
  }

  async signUp(body: SignUpBody, meta: ClientMeta): Promise<Session> {
    if (await users.findUserByUsername(this.ctx.db, body.username)) throw TAKEN.username;
    if (body.email && (await users.findUserByEmail(this.ctx.db, body.email))) throw TAKEN.email;
    const passwordHash = await this.passwords.hash(body.password);
    const now = this.lock.now();
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
   * Signs in by username (any letter case), phone or email. Wrong passwords count towards
   * the lock; the lock is checked before the password, and the account's status after it, so
   * that only someone who knows the password learns that an account is disabled.
   */
  async signIn(body: SignInBody, meta: ClientMeta): Promise<Session> {
    const keys = accountKeys(body.account);
    const candidates = await users.findUsersByAccount(this.ctx.db, keys);
    const user =
      candidates.find((row) => row.username.toLowerCase() === keys.username.toLowerCase()) ??
      candidates.find((row) => keys.phone !== null && row.phone === keys.phone) ??
      candidates.find((row) => keys.email !== null && row.email?.toLowerCase() === keys.email);
    if (!user) {
      await this.passwords.burn(body.password);
      throw new AppError('INVALID_CREDENTIALS', 'Wrong account or password');
    }
    const now = this.lock.now();
    this.lock.assertOpen(user, now);
    if (!(await this.passwords.verify(body.password, user.password_hash))) {
      throw await this.lock.wrongPassword(user.id, 'INVALID_CREDENTIALS', 'Wrong account or password');
    }
    if (user.status !== USER_STATUS.active) throw new AppError('ACCOUNT_DISABLED', 'This account has been disabled');

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
   * Sends a code. Reset codes go only to a registered email. Bind codes are for signed-in
   * members, to an email or phone that no other account uses.
   */
  async requestCode(
    body: CodeRequestBody,
    viewer: Viewer | null,
    locale: Locale,
  ): Promise<CodeRequestResult> {
    const { channel, target, purpose } = body;
    if (purpose === 'reset') {
      if (!(await users.findUserByEmail(this.ctx.db, target))) {
        throw new AppError('EMAIL_NOT_REGISTERED', 'No account uses this email');
      }
      return this.codes.issue({ channel, target, purpose, userId: null }, locale);
    }
    if (!viewer) throw new AppError('UNAUTHORIZED', 'Sign in first to bind an email or phone');
    const owner =
      channel === 'email'
        ? await users.findUserByEmail(this.ctx.db, target)
        : await users.findUserByPhone(this.ctx.db, target);
    if (owner && owner.id !== viewer.id) throw TAKEN[channel];
    return this.codes.issue({ channel, target, purpose, userId: viewer.id }, locale);
  }

  /** Sets a new password with a code sent to the account's email; every old token ends. */
  async resetPassword(body: ResetPasswordBody): Promise<{ ok: true }> {
    const user = await users.findUserByEmail(this.ctx.db, body.email);
    if (!user) throw new AppError('EMAIL_NOT_REGISTERED', 'No account uses this email');
    const use = { channel: 'email' as const, target: body.email, purpose: 'reset' as const, userId: null };
    const passwordHash = await this.passwords.hash(body.newPassword);
    const done = await this.ctx.db.transaction().execute(async (trx) => {
      if (!(await this.codes.consume(trx, use, body.code))) return false;
      await users.setPasswordHash(trx, user.id, passwordHash, { endSessions: true });
      return true;
    });
    if (!done) throw await this.codes.failure(use);
    return { ok: true };
  }
}
