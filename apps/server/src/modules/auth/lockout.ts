import { LIMITS } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { UserRow } from '../../db/schema.js';
import { AppError } from '../../platform/errors.js';
import { registerFailedSignIn } from './queries.js';
import { findUserById } from '../users/index.js';

const LOCK_MS = LIMITS.signInLockMinutes * 60_000;

function lockedError(until: Date, now: Date): AppError {
  const retryAfter = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError('ACCOUNT_LOCKED', `Too many wrong passwords: wait ${minutes} minutes before trying again`, {
    retryAfter,
    minutes,
  });
}

/**
 * The sign-in lock (DESIGN.md section 4): 5 wrong passwords in a row lock the account for 15
 * minutes, even against the right one. The count lives in the users table, so it holds
 * across instances; a correct password (or a new one) starts it again.
 */
export class SignInLock {
  constructor(
    private readonly db: Db,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  now(): Date {
    return this.clock();
  }

  /** Throws ACCOUNT_LOCKED while the account is locked. */
  assertOpen(user: Pick<UserRow, 'locked_until'>, now = this.clock()): void {
    if (user.locked_until && user.locked_until > now) throw lockedError(user.locked_until, now);
  }

  /**
   * Counts a wrong password and gives the error to answer with: `code` carrying the attempts
   * left, or ACCOUNT_LOCKED once they are used up.
   */
  async wrongPassword(userId: number, code: 'INVALID_CREDENTIALS' | 'WRONG_PASSWORD', message: string): Promise<AppError> {
    const now = this.clock();
    const state = await registerFailedSignIn(this.db, userId, {
      now,
      max: LIMITS.signInMaxFailures,
      lockUntil: new Date(now.getTime() + LOCK_MS),
    });
    if (!state) {
      // Locked meanwhile by a concurrent attempt.
      const user = await findUserById(this.db, userId);
      return lockedError(user?.locked_until ?? new Date(now.getTime() + LOCK_MS), now);
    }
    if (state.locked_until && state.locked_until > now) return lockedError(state.locked_until, now);
    return new AppError(code, message, {
      attemptsRemaining: Math.max(0, LIMITS.signInMaxFailures - state.failed_sign_ins),
    });
  }
}
