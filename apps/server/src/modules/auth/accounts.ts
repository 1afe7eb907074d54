import type { FastifyBaseLogger } from 'fastify';
import { parseAddressList } from '../../platform/client-address.js';
import type { AppContext } from '../../platform/context.js';
import type { AppKeys } from '../../platform/keys.js';
import type { MessageChannel } from '../messages/channel.js';
import { createMessenger } from '../messages/messenger.js';
import { UserService } from '../users/service.js';
import { ABUSE_LIMITS, AttemptGate } from './abuse-limits.js';
import { Challenges } from './challenges.js';
import { VerificationCodes } from './codes.js';
import { SignInLock } from './lockout.js';
import { DEFAULT_SCRYPT, PasswordHasher, TEST_SCRYPT } from './passwords.js';
import { AuthService } from './service.js';
import { SignInThrottle } from './sign-in-throttle.js';

/**
 * Wires the account services together: one password hasher, one code keeper, one set of abuse
 * limits and one change-password lock shared by the auth calls and the member's own account calls.
 */
export function createAccountServices(
  ctx: AppContext,
  options: { keys: AppKeys; log: FastifyBaseLogger; sms?: MessageChannel },
) {
  const messenger = createMessenger(ctx, options.log, options.sms ? { sms: options.sms } : {});
  const passwords = new PasswordHasher(ctx.config.NODE_ENV === 'test' ? TEST_SCRYPT : DEFAULT_SCRYPT);
  const codes = new VerificationCodes(ctx, messenger, options.keys['verification-codes'], options.log, ctx.clock);
  const challenges = new Challenges({
    key: options.keys.challenges,
    maxCounter: ctx.config.CHALLENGE_MAX_COUNTER,
    rateLimits: ctx.rateLimits,
  });
  const limits = {
    signIn: new SignInThrottle(ctx.rateLimits, challenges),
    signUp: new AttemptGate(ctx.rateLimits, challenges, 'sign-up', ABUSE_LIMITS.signUp),
    codes: new AttemptGate(ctx.rateLimits, challenges, 'code-requests', ABUSE_LIMITS.codes),
    resetPassword: new AttemptGate(ctx.rateLimits, challenges, 'password-resets', ABUSE_LIMITS.resetPassword),
    exempt: parseAddressList(ctx.config.LIMIT_EXEMPT_ADDRESSES),
  };
  return {
    auth: new AuthService(ctx, passwords, codes, limits),
    users: new UserService(ctx, passwords, codes, new SignInLock(ctx.db, ctx.clock)),
    challenges,
  };
}
