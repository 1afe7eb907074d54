import type { BlockList } from 'node:net';
import { addressKey, isListed } from '../../platform/client-address.js';
import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import { ABUSE_LIMITS, GrowingLock } from '../auth/abuse-limits.js';

/** The members' numbers: 5 wrong in 15 minutes lock that address out, 15 minutes growing to a day. */
const LIMITS = ABUSE_LIMITS.signIn;
/** Sign-in tries from one address per 15 minutes, right or wrong, whoever they are for. */
const SIGN_INS_PER_ADDRESS = 30;

/** Who is trying: the operator (or the typed name when no one has it) and the address. */
export interface OperatorAttempt {
  account: string;
  /**
   * The per-address key (client-address.ts), for exempt addresses too: each keeps a lock of its
   * own, so one of them guessing cannot lock the operator out of all the others.
   */
  address: string;
}

/** What `admit` counted, for the answer once the password or code is checked. */
export interface OperatorTicket {
  attemptsRemaining: number;
}

type WrongCode = 'OPERATOR_CREDENTIALS_INVALID' | 'TOTP_INVALID' | 'CONSOLE_WRONG_PASSWORD';

const WRONG_MESSAGES: Record<WrongCode, string> = {
  OPERATOR_CREDENTIALS_INVALID: 'Wrong username or password',
  TOTP_INVALID: 'The code is wrong or was used already',
  CONSOLE_WRONG_PASSWORD: 'The current password is wrong',
};

function lockedError(retryAfter: number): AppError {
  return new AppError('OPERATOR_LOCKED', 'Too many wrong attempts', { retryAfter, minutes: Math.ceil(retryAfter / 60) });
}

/** How the limits name an operator, whichever way the name was typed. */
export function operatorAccount(id: number): string {
  return `operator:${id}`;
}

/**
 * The console's sign-in limits, kept as the members' are (auth/sign-in-throttle.ts), in the
 * limiter store rather than the operators table:
 * - per operator and address: 5 wrong passwords, two-factor codes or current passwords (at a
 *   password change) lock that address out of that operator, 15 minutes the first time and
 *   longer each time that day. The operator, elsewhere, signs in as usual, so a stranger who
 *   knows the name `owner` cannot keep the owner out.
 * - per address: 30 sign-in tries in 15 minutes, whoever for.
 * A name no operator has is counted the same way, so the answers never tell names apart.
 * There is no challenge here, unlike the members' sign-in: no crowd shares an operator's address.
 */
export class OperatorSignInLimits {
  private readonly addressTries: RateLimiter;
  private readonly pairFailures: RateLimiter;
  private readonly pairLock: GrowingLock;

  constructor(
    rateLimits: RateLimits,
    /** LIMIT_EXEMPT_ADDRESSES: not counted per address; the per-operator-and-address count still holds. */
    private readonly exempt: BlockList,
  ) {
    this.addressTries = rateLimits.create('console-sign-in', SIGN_INS_PER_ADDRESS, LIMITS.windowMs);
    this.pairFailures = rateLimits.create('console-sign-in-failures', LIMITS.perAccountAndAddress, LIMITS.windowMs);
    this.pairLock = new GrowingLock(rateLimits, 'console-sign-in-operator-address', LIMITS.lockMs, LIMITS.maxLockMs);
  }

  attempt(account: string, ip: string | null): OperatorAttempt {
    return { account, address: addressKey(ip) };
  }

  /** Counts a sign-in try from the address; throws RATE_LIMITED past the address's allowance. */
  async passAddress(ip: string | null): Promise<void> {
    if (isListed(this.exempt, ip)) return;
    const decision = await this.addressTries.hit(addressKey(ip));
    if (!decision.allowed) throw new AppError('RATE_LIMITED', 'Too many sign-in attempts from this address', { retryAfter: decision.retryAfter });
  }

  /**
   * Counts the attempt before its password or code is checked, so that a burst sent at once is
   * judged one by one: no more than 5 are ever checked per operator and address. Throws
   * OPERATOR_LOCKED when this attempt may not check one; otherwise the caller reports
   * `failed`, `neutral` or `succeeded` with the ticket.
   */
  async admit(attempt: OperatorAttempt): Promise<OperatorTicket> {
    const locked = await this.pairLock.remaining(pairKey(attempt));
    if (locked > 0) throw lockedError(locked);
    const pair = await this.pairFailures.hit(pairKey(attempt));
    if (!pair.allowed) {
      // Others from this address are checking the last allowed tries right now.
      await this.pairFailures.refund(pairKey(attempt));
      throw lockedError(pair.retryAfter);
    }
    return { attemptsRemaining: pair.remaining };
  }

  /** A wrong password or code (already counted by `admit`): the error to answer with. */
  async failed(attempt: OperatorAttempt, ticket: OperatorTicket, code: WrongCode): Promise<AppError> {
    // The count is not reset here: its window, opened by the first of these failures, ends before
    // the lock does (a lock is never shorter than the window), and a reset would let a try of the
    // same burst that is between its lock check and its count start a fresh count of 5.
    if (ticket.attemptsRemaining === 0) return lockedError(await this.pairLock.lock(pairKey(attempt)));
    return new AppError(code, WRONG_MESSAGES[code], { attemptsRemaining: ticket.attemptsRemaining });
  }

  /**
   * The right password, with the two-factor code still to come: not counted, but not a success
   * either, or asking for the code step in between would restart the count of wrong codes.
   */
  async neutral(attempt: OperatorAttempt): Promise<void> {
    await this.pairFailures.refund(pairKey(attempt));
  }

  /** Signed in (or the current password proved): this address's count for the operator starts again. */
  async succeeded(attempt: OperatorAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
  }

  /** A password chosen through a set-up link proves the operator: their address is let in at once. */
  async released(attempt: OperatorAttempt): Promise<void> {
    await this.pairFailures.reset(pairKey(attempt));
    await this.pairLock.release(pairKey(attempt));
  }
}

function pairKey(attempt: OperatorAttempt): string {
  return `${attempt.account}|${attempt.address}`;
}
