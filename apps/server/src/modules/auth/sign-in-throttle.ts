import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { ABUSE_LIMITS, challengeRequired, GrowingLock, rateLimited } from './abuse-limits.js';
import type { Challenges } from './challenges.js';

const LIMITS = ABUSE_LIMITS.signIn;

/** Who is trying: the account (a member's id, or the typed name when no one has it) and the address. */
export interface SignInAttempt {
  account: string;
  /** The per-address key (client-address.ts); null for an exempt address. */
  address: string | null;
}

function lockedError(retryAfter: number): AppError {
  const minutes = Math.ceil(retryAfter / 60);
  return new AppError('ACCOUNT_LOCKED', `Too many wrong passwords: wait ${minutes} minutes before trying again`, {
    retryAfter,
    minutes,
  });
}

/**
 * Wrong passwords, counted three ways (DESIGN.md section 4, "account privacy"):
 * - per account and address: 5 in a row lock that address out of that account, 15 minutes the
 *   first time and longer each time that day. The owner, elsewhere, signs in as usual.
 * - per account: past 10, every sign-in to it solves a challenge first, from any address; the
 *   account is never locked for its owner.
 * - per address: past 20, its sign-ins solve a challenge; past 100 it waits, as above.
 * Accounts that do not exist are counted the same way, so the answers never tell them apart.
 */
export class SignInThrottle {
  private readonly pairFailures: RateLimiter;
  private readonly accountFailures: RateLimiter;
  private readonly addressFailures: RateLimiter;
  private readonly pairLock: GrowingLock;
  private readonly addressLock: GrowingLock;

  constructor(
    rateLimits: RateLimits,
    private readonly challenges: Challenges,
  ) {
    this.pairFailures = rateLimits.create('sign-in-failures', LIMITS.perAccountAndAddress, LIMITS.windowMs);
    this.accountFailures = rateLimits.create('sign-in-account-failures', Number.MAX_SAFE_INTEGER, LIMITS.windowMs);
    this.addressFailures = rateLimits.create('sign-in-address-failures', Number.MAX_SAFE_INTEGER, LIMITS.windowMs);
    this.pairLock = new GrowingLock(rateLimits, 'sign-in-account-address', LIMITS.lockMs, LIMITS.maxLockMs);
    this.addressLock = new GrowingLock(rateLimits, 'sign-in-address', LIMITS.lockMs, LIMITS.maxLockMs);
  }

  /** Throws when this attempt may not check a password: locked, waiting, or owing a challenge. */
  async admit(attempt: SignInAttempt, challenge: string | undefined): Promise<void> {
    if (attempt.address) {
      const waiting = await this.addressLock.remaining(attempt.address);
      if (waiting > 0) throw rateLimited(waiting);
    }
    const locked = await this.pairLock.remaining(pairKey(attempt));
    if (locked > 0) throw lockedError(locked);
    if ((await this.needsChallenge(attempt)) && !(await this.challenges.redeem(challenge))) throw challengeRequired();
  }

  /** Counts a wrong password and gives the error to answer with. */
  async failed(attempt: SignInAttempt): Promise<AppError> {
    const pair = await this.pairFailures.hit(pairKey(attempt));
    await this.accountFailures.hit(attempt.account);
    if (attempt.address) {
      await this.addressFailures.hit(attempt.address);
      const { count } = await this.addressFailures.peek(attempt.address);
      if (count >= LIMITS.addressBlockAfter) {
        await this.addressFailures.reset(attempt.address);
        return rateLimited(await this.addressLock.lock(attempt.address));
      }
    }
    if (pair.remaining === 0) {
      await this.pairFailures.reset(pairKey(attempt));
      return lockedError(await this.pairLock.lock(pairKey(attempt)));
    }
    return new AppError('INVALID_CREDENTIALS', 'Wrong account or password', {
      attemptsRemaining: pair.remaining,
      challengeRequired: await this.needsChallenge(attempt),
    });
  }

  /** A right password starts the count of this address for this account again. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
  }

  /** A password reset proves the owner: their address is let in again at once. */
  async released(attempt: SignInAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
    await this.pairLock.release(pairKey(attempt));
  }

  private async needsChallenge(attempt: SignInAttempt): Promise<boolean> {
    if ((await this.accountFailures.peek(attempt.account)).count >= LIMITS.accountChallengeAfter) return true;
    if (!attempt.address) return false;
    return (await this.addressFailures.peek(attempt.address)).count >= LIMITS.addressChallengeAfter;
  }
}

function pairKey(attempt: SignInAttempt): string {
  return `${attempt.account}|${attempt.address ?? 'exempt'}`;
}
