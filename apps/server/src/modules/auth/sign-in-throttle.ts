import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { ABUSE_LIMITS, challengeRequired, countOf, GrowingLock, rateLimited } from './abuse-limits.js';
import type { Challenges } from './challenges.js';

const LIMITS = ABUSE_LIMITS.signIn;
const UNLIMITED = Number.MAX_SAFE_INTEGER;

/** What `admit` counted for this attempt, for the answer once the password is checked. */
export interface SignInTicket {
  attemptsRemaining: number;
  addressCount: number;
}

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
    this.accountFailures = rateLimits.create('sign-in-account-failures', UNLIMITED, LIMITS.windowMs);
    this.addressFailures = rateLimits.create('sign-in-address-failures', UNLIMITED, LIMITS.windowMs);
    this.pairLock = new GrowingLock(rateLimits, 'sign-in-account-address', LIMITS.lockMs, LIMITS.maxLockMs);
    this.addressLock = new GrowingLock(rateLimits, 'sign-in-address', LIMITS.lockMs, LIMITS.maxLockMs);
  }

  /**
   * Counts the attempt before its password is checked, so that a burst sent at once is judged
   * one by one: no more than 5 passwords are ever checked per account and address, and the
   * challenge thresholds hold however many arrive together. Throws when this attempt may not
   * check a password (locked, waiting, or owing a challenge); otherwise the caller reports
   * `failed` or `succeeded` with the ticket.
   */
  async admit(attempt: SignInAttempt, challenge: string | undefined): Promise<SignInTicket> {
    if (attempt.address) {
      const waiting = await this.addressLock.remaining(attempt.address);
      if (waiting > 0) throw rateLimited(waiting);
    }
    const locked = await this.pairLock.remaining(pairKey(attempt));
    if (locked > 0) throw lockedError(locked);

    const pair = await this.pairFailures.hit(pairKey(attempt));
    if (!pair.allowed) {
      // Others from this address are checking their last allowed tries right now.
      await this.pairFailures.refund(pairKey(attempt));
      throw lockedError(pair.retryAfter);
    }
    const accountCount = countOf(await this.accountFailures.hit(attempt.account), UNLIMITED);
    const addressCount = attempt.address ? countOf(await this.addressFailures.hit(attempt.address), UNLIMITED) : 0;
    const ticket: SignInTicket = { attemptsRemaining: pair.remaining, addressCount };
    if (attempt.address && addressCount > LIMITS.addressBlockAfter) {
      await this.refund(attempt);
      await this.addressFailures.reset(attempt.address);
      throw rateLimited(await this.addressLock.lock(attempt.address));
    }
    const owesChallenge = accountCount > LIMITS.accountChallengeAfter || addressCount > LIMITS.addressChallengeAfter;
    if (owesChallenge && !(await this.challenges.redeem(challenge))) {
      // Not counted: a script that does not solve challenges cannot use up a crowd's allowance.
      await this.refund(attempt);
      throw challengeRequired();
    }
    return ticket;
  }

  /** A wrong password (already counted by `admit`): the error to answer with. */
  async failed(attempt: SignInAttempt, ticket: SignInTicket): Promise<AppError> {
    if (ticket.attemptsRemaining === 0) {
      await this.pairFailures.reset(pairKey(attempt));
      return lockedError(await this.pairLock.lock(pairKey(attempt)));
    }
    return new AppError('INVALID_CREDENTIALS', 'Wrong account or password', {
      attemptsRemaining: ticket.attemptsRemaining,
      challengeRequired: await this.needsChallenge(attempt),
    });
  }

  /** A right password: this address's count for the account starts again, and the try is taken back. */
  async succeeded(attempt: SignInAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
    await this.accountFailures.refund(attempt.account);
    if (attempt.address) await this.addressFailures.refund(attempt.address);
  }

  /** A password reset proves the owner: their address is let in again at once. */
  async released(attempt: SignInAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
    await this.pairLock.release(pairKey(attempt));
  }

  private async refund(attempt: SignInAttempt): Promise<void> {
    await this.pairFailures.refund(pairKey(attempt));
    await this.accountFailures.refund(attempt.account);
    if (attempt.address) await this.addressFailures.refund(attempt.address);
  }

  /** Whether the next attempt will have to solve a challenge. */
  private async needsChallenge(attempt: SignInAttempt): Promise<boolean> {
    if ((await this.accountFailures.peek(attempt.account)).count >= LIMITS.accountChallengeAfter) return true;
    if (!attempt.address) return false;
    return (await this.addressFailures.peek(attempt.address)).count >= LIMITS.addressChallengeAfter;
  }
}

function pairKey(attempt: SignInAttempt): string {
  return `${attempt.account}|${attempt.address ?? 'exempt'}`;
}
