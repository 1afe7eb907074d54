import type {
  BindEmailBody,
  BindPhoneBody,
  ChangePasswordBody,
  Session,
  UpdateProfileBody,
  UserProfile,
} from '@drama/contracts';
import type { UserRow } from '../../db/schema.js';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { CodeUse, VerificationCodes } from '../auth/codes.js';
import type { SignInLock } from '../auth/lockout.js';
import type { PasswordHasher } from '../auth/passwords.js';
import { takenError } from '../auth/service.js';
import { removeUnusedAvatar } from '../avatars/service.js';
import { presentProfile, presentUserInfo } from './presenters.js';
import * as queries from './queries.js';

/** The signed-in member's own account. Every call acts on the caller and no one else. */
export class UserService {
  constructor(
    private readonly ctx: AppContext,
    private readonly passwords: PasswordHasher,
    private readonly codes: VerificationCodes,
    private readonly lock: SignInLock,
  ) {}

  private async row(viewer: Viewer): Promise<UserRow> {
    const user = await queries.findUserById(this.ctx.db, viewer.id);
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return user;
  }

  async me(viewer: Viewer): Promise<UserProfile> {
    return presentProfile(await this.row(viewer));
  }

  async updateMe(viewer: Viewer, body: UpdateProfileBody): Promise<UserProfile> {
    if (body.username !== undefined) {
      const owner = await queries.findUserByUsername(this.ctx.db, body.username);
      if (owner && owner.id !== viewer.id) throw new AppError('USERNAME_TAKEN', 'This username is taken');
    }
    const previousAvatar = body.avatar === null ? (await this.row(viewer)).avatar_file : null;
    let user: UserRow | undefined;
    try {
      user = await queries.updateProfile(this.ctx.db, viewer.id, body);
    } catch (error) {
      throw takenError(error) ?? error;
    }
    if (!user) throw new AppError('UNAUTHORIZED', 'Sign in first');
    await removeUnusedAvatar(this.ctx, previousAvatar);
    return presentProfile(user);
  }

  /**
   * Changes the password given the current one. Wrong current passwords count towards the
   * sign-in lock like wrong sign-ins do. The token version moves on, so every other session
   * ends; the caller gets a fresh token.
   */
  async changePassword(viewer: Viewer, body: ChangePasswordBody): Promise<Session> {
    const user = await this.row(viewer);
    this.lock.assertOpen(user);
    if (!(await this.passwords.verify(body.currentPassword, user.password_hash))) {
      throw await this.lock.wrongPassword(user.id, 'WRONG_PASSWORD', 'The current password is incorrect');
    }
    if (body.newPassword === body.currentPassword) {
      throw new AppError('SAME_PASSWORD', 'The new password must differ from the current one');
    }
    const passwordHash = await this.passwords.hash(body.newPassword);
    const updated = await queries.setPasswordHash(this.ctx.db, user.id, passwordHash, { endSessions: true });
    if (!updated) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return {
      token: this.ctx.tokens.sign({ userId: updated.id, version: updated.token_version }),
      user: presentUserInfo(updated),
    };
  }

  async bindPhone(viewer: Viewer, body: BindPhoneBody): Promise<UserProfile> {
    return this.bind(viewer, 'phone', body.phone, body.code);
  }

  async bindEmail(viewer: Viewer, body: BindEmailBody): Promise<UserProfile> {
    return this.bind(viewer, 'email', body.email, body.code);
  }

  /** Binds an email or phone proven by a code sent to it for this member. */
  private async bind(viewer: Viewer, field: 'email' | 'phone', value: string, code: string): Promise<UserProfile> {
    const owner =
      field === 'email'
        ? await queries.findUserByEmail(this.ctx.db, value)
        : await queries.findUserByPhone(this.ctx.db, value);
    if (owner && owner.id !== viewer.id) {
      throw field === 'email'
        ? new AppError('EMAIL_TAKEN', 'This email belongs to another account')
        : new AppError('PHONE_TAKEN', 'This phone number belongs to another account');
    }
    const use: CodeUse = { channel: field, target: value, purpose: 'bind', userId: viewer.id };
    let outcome: { refused: AppError } | { user: UserRow | undefined };
    try {
      // The transaction commits a wrong guess too: its count is the code's limit.
      outcome = await this.ctx.db.transaction().execute(async (trx) => {
        const refused = await this.codes.consume(trx, use, code);
        if (refused) return { refused };
        return { user: await queries.setContact(trx, viewer.id, field, value) };
      });
    } catch (error) {
      throw takenError(error) ?? error;
    }
    if ('refused' in outcome) throw outcome.refused;
    if (!outcome.user) throw new AppError('UNAUTHORIZED', 'Sign in first');
    return presentProfile(outcome.user);
  }
}
