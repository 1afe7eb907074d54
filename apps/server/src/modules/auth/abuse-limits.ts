import { LIMITS } from '@drama/contracts';
import { AppError } from '../../platform/errors.js';
import type { RateLimiter } from '../../platform/rate-limit.js';
import type { RateLimits } from '../../platform/rate-limits.js';
import type { Challenges } from './challenges.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * The numbers of the abuse limits (README "Abuse limits"). Per-address numbers are set for a
 * crowd behind one carrier address: past the free allowance a caller solves a challenge (a
 * second of a phone's work) instead of being refused, and only the hard ceiling refuses.
 * Attempts refused for want of a challenge are not counted, so a script that does not solve
 * them cannot use up a crowd's allowance.
 */
export const ABUSE_LIMITS = {
  signIn: {
    windowMs: 15 * MINUTE,
    /** Wrong passwords for one account from one address: then that address is locked out of it. */
    perAccountAndAddress: LIMITS.signInMaxFailures,
    /** The first lock lasts 15 minutes; each further one that day twice as long, up to a day. */
    lockMs: LIMITS.signInLockMinutes * MINUTE,
    maxLockMs: DAY,
    /** Wrong passwords for one account from anywhere: then every sign-in to it solves a challenge. */
    accountChallengeAfter: 10,
    /** Wrong passwords from one address for any accounts: then its sign-ins solve a challenge... */
    addressChallengeAfter: 20,
    /** ...and past this many the address waits, 15 minutes the first time, growing as above. */
    addressBlockAfter: 100,
  },
  signUp: { windowMs: HOUR, free: 3, max: 100 },
  codes: { windowMs: HOUR, free: 5, max: 50, destinationsPerAccountPerDay: 5 },
  resetPassword: { windowMs: HOUR, free: 10, max: 50 },
  challengesPerMinute: 60,
} as const;

function rateLimited(retryAfter: number): AppError {
  return new AppError('RATE_LIMITED', 'Too many requests from this address, try again later', {
    retryAfter,
    minutes: Math.ceil(retryAfter / 60),
  });
}

export function challengeRequired(): AppError {
  return new AppError('CHALLENGE_REQUIRED', 'Solve the challenge and send the request again');
}

/** The count a hit just made, from its decision (limits here are never refused by the limiter itself). */
export function countOf(decision: { remaining: number }, limit: number): number {
  return limit - decision.remaining;
}

/**
 * Calls counted per key: free up to `free`, then each needs a solved challenge, and past `max`
 * in the window none is taken. A call is counted before it is judged, so a burst sent at once
 * is judged one by one; one refused for want of a challenge is taken back.
 */
export class AttemptGate {
  private readonly counter: RateLimiter;

  constructor(
    rateLimits: RateLimits,
    private readonly challenges: Challenges,
    name: string,
    private readonly limits: { windowMs: number; free: number; max: number },
  ) {
    this.counter = rateLimits.create(name, Number.MAX_SAFE_INTEGER, limits.windowMs);
  }

  async pass(key: string, challenge: string | undefined): Promise<void> {
    const decision = await this.counter.hit(key);
    const count = countOf(decision, Number.MAX_SAFE_INTEGER);
    if (count > this.limits.max) {
      await this.counter.refund(key);
      throw rateLimited(decision.retryAfter);
    }
    if (count > this.limits.free && !(await this.challenges.redeem(challenge))) {
      await this.counter.refund(key);
      throw challengeRequired();
    }
  }
}

/** A lock whose length doubles with each lock of the same key in a day, from `baseMs` up to `maxMs`. */
export class GrowingLock {
  private readonly locks: RateLimiter;
  private readonly history: RateLimiter;

  constructor(
    rateLimits: RateLimits,
    name: string,
    private readonly baseMs: number,
    private readonly maxMs: number,
  ) {
    // A limit of 0 refuses every hit: an open window is the lock itself, as long as the hit asked.
    this.locks = rateLimits.create(`${name}-lock`, 0, baseMs);
    this.history = rateLimits.create(`${name}-locks-today`, Number.MAX_SAFE_INTEGER, DAY);
  }

  /** Seconds the key stays locked, or 0. */
  async remaining(key: string): Promise<number> {
    const { count, retryAfter } = await this.locks.peek(key);
    return count > 0 ? retryAfter : 0;
  }

  /** Lifts a lock at once (its count for the day stays). */
  async release(key: string): Promise<void> {
    await this.locks.reset(key);
  }

  /** Locks the key and says for how many seconds. */
  async lock(key: string): Promise<number> {
    await this.history.hit(key);
    const { count } = await this.history.peek(key);
    const ms = Math.min(this.maxMs, this.baseMs * 2 ** Math.max(0, count - 1));
    await this.locks.reset(key);
    await this.locks.hit(key, ms);
    return Math.ceil(ms / 1000);
  }
}

export { rateLimited };
