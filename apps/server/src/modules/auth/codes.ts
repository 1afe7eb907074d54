import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { type CodeChannel, type CodePurpose, type CodeRequestResult, LIMITS, type Locale } from '@drama/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import type { Messenger } from '../messages/channel.js';
import { codeMessage } from '../messages/texts.js';
import { startOfDay, startOfNextDay } from './calendar.js';
import { ABUSE_LIMITS } from './abuse-limits.js';
import * as queries from './queries.js';

/** Wrong guesses a code survives; the fifth retires it (a new code must be asked for). */
export const CODE_MAX_ATTEMPTS = 5;

const RESEND_MS = LIMITS.codeResendSeconds * 1000;
const VALID_MS = LIMITS.codeValidMinutes * 60_000;

export interface CodeUse {
  channel: CodeChannel;
  target: string;
  purpose: CodePurpose;
  /** The member a bind code belongs to; null for reset codes. */
  userId: number | null;
}

/**
 * Verification codes (DESIGN.md section 4): 6 random digits, kept only as an HMAC under a
 * server key, valid 10 minutes, single use, the newest one only; another may be sent to the
 * same destination for the same purpose after 60 s, and at most 10 a day per destination,
 * the day ending at midnight in APP_TIMEZONE.
 */
export class VerificationCodes {
  private readonly key: Buffer;

  constructor(
    private readonly ctx: AppContext,
    private readonly messenger: Messenger,
    /** Its own key (platform/keys.ts): a code's hash proves nothing about any other signature. */
    key: string,
    private readonly log: FastifyBaseLogger,
    private readonly clock: () => Date = () => new Date(),
  ) {
    this.key = Buffer.from(key);
  }

  private hash(use: CodeUse, code: string): string {
    return createHmac('sha256', this.key).update(`${use.channel}:${use.target}:${use.purpose}:${code}`).digest('base64url');
  }

  /**
   * Makes a code, stores its hash and sends it; refusals carry the numbers to show. With
   * `deliver: false` (a reset for an email no account uses) everything happens but the sending,
   * so the answer, the cooldown and the day's count are those of a registered email.
   */
  async issue(use: CodeUse, locale: Locale, options: { deliver: boolean } = { deliver: true }): Promise<CodeRequestResult> {
    const now = this.clock();
    const code = String(randomInt(0, 10 ** LIMITS.verificationCodeLength)).padStart(LIMITS.verificationCodeLength, '0');
    const zone = this.ctx.config.APP_TIMEZONE;

    const issued = await this.ctx.db.transaction().execute(async (trx) => {
      if (use.userId !== null) await this.assertNewDestinationAllowed(trx, { ...use, userId: use.userId }, now);
      await queries.lockDestination(trx, use);
      const sentToday = await queries.countCodesSince(trx, use, startOfDay(now, zone));
      if (sentToday >= LIMITS.codeDailyLimit) {
        const retryAfter = Math.ceil((startOfNextDay(now, zone).getTime() - now.getTime()) / 1000);
        throw new AppError('CODE_DAILY_LIMIT', `At most ${LIMITS.codeDailyLimit} codes a day may be sent here`, {
          retryAfter,
          remainingToday: 0,
        });
      }
      const latest = await queries.findLatestCode(trx, use, use.purpose);
      const waitMs = latest ? latest.created_at.getTime() + RESEND_MS - now.getTime() : 0;
      if (waitMs > 0) {
        const retryAfter = Math.ceil(waitMs / 1000);
        throw new AppError('CODE_COOLDOWN', `Wait ${retryAfter} s before asking for another code`, {
          retryAfter,
          remainingToday: LIMITS.codeDailyLimit - sentToday,
        });
      }
      await queries.retireCodes(trx, use, use.purpose, now);
      const id = await queries.insertCode(trx, {
        ...use,
        codeHash: this.hash(use, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + VALID_MS),
      });
      return { id, remainingToday: LIMITS.codeDailyLimit - sentToday - 1 };
    });

    if (!options.deliver) {
      this.log.info({ channel: use.channel, purpose: use.purpose }, 'reset code for an unregistered email kept, not sent');
      return { resendAfter: LIMITS.codeResendSeconds, remainingToday: issued.remainingToday, expiresIn: VALID_MS / 1000 };
    }
    try {
      await this.messenger.send({
        channel: use.channel,
        target: use.target,
        ...codeMessage(use.purpose, code, LIMITS.codeValidMinutes, locale),
      });
    } catch (error) {
      // Not delivered: forget the code, so it counts against neither the cooldown nor the day.
      await queries.deleteCode(this.ctx.db, issued.id);
      this.log.error({ err: error, channel: use.channel }, 'verification code not delivered');
      throw new AppError('MESSAGE_SEND_FAILED', 'The code could not be sent; try again later');
    }
    return { resendAfter: LIMITS.codeResendSeconds, remainingToday: issued.remainingToday, expiresIn: VALID_MS / 1000 };
  }

  /**
   * One member may send codes to a few destinations a day (their own email and phone, and a
   * typo or two), not to a list of strangers: e-mail bombing and SMS pumping stop here. Locked
   * per member, so parallel requests cannot each pass the count.
   */
  private async assertNewDestinationAllowed(trx: Db, use: CodeUse & { userId: number }, now: Date): Promise<void> {
    await queries.lockMemberCodes(trx, use.userId);
    const zone = this.ctx.config.APP_TIMEZONE;
    const others = await queries.countOtherDestinationsSince(trx, use, startOfDay(now, zone));
    const limit = ABUSE_LIMITS.codes.destinationsPerAccountPerDay;
    if (others < limit) return;
    const retryAfter = Math.ceil((startOfNextDay(now, zone).getTime() - now.getTime()) / 1000);
    throw new AppError('CODE_DESTINATION_LIMIT', `Codes may go to at most ${limit} addresses or numbers a day`, {
      retryAfter,
      limit,
    });
  }

  /**
   * Uses a code inside the caller's transaction, which must commit whatever the answer: a wrong
   * guess is counted in it, on the code's row locked for the check, so parallel guesses are
   * counted one after another and never pass the limit. Returns the error to answer with, or
   * null when the code was right (and is now used).
   */
  async consume(trx: Db, use: CodeUse, code: string): Promise<AppError | null> {
    const now = this.clock();
    const latest = await queries.findLatestCodeForUpdate(trx, use, use.purpose);
    if (!latest || latest.consumed_at !== null || latest.user_id !== use.userId) {
      return new AppError('CODE_INVALID', 'The code is not valid: ask for a new one');
    }
    if (latest.expires_at <= now) return new AppError('CODE_EXPIRED', 'The code has expired: ask for a new one');
    const given = Buffer.from(this.hash(use, code));
    const stored = Buffer.from(latest.code_hash);
    if (given.length === stored.length && timingSafeEqual(given, stored)) {
      await queries.markCodeUsed(trx, latest.id, now);
      return null;
    }
    const attempts = await queries.registerFailedCodeAttempt(trx, latest.id, { now, max: CODE_MAX_ATTEMPTS });
    return new AppError('CODE_INVALID', 'The code is wrong', {
      attemptsRemaining: Math.max(0, CODE_MAX_ATTEMPTS - attempts),
    });
  }
}
