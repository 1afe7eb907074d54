import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.js';
import type { MessageChannel } from '../messages/channel.js';
import { createMessenger } from '../messages/messenger.js';
import { UserService } from '../users/service.js';
import { VerificationCodes } from './codes.js';
import { SignInLock } from './lockout.js';
import { DEFAULT_SCRYPT, PasswordHasher, TEST_SCRYPT } from './passwords.js';
import { AuthService } from './service.js';

/**
 * Wires the account services together: one password hasher, one code keeper and one sign-in
 * lock shared by the auth calls and the member's own account calls.
 */
export function createAccountServices(
  ctx: AppContext,
  options: { secret: string; log: FastifyBaseLogger; sms?: MessageChannel },
) {
  const messenger = createMessenger(ctx, options.log, options.sms ? { sms: options.sms } : {});
  const passwords = new PasswordHasher(ctx.config.NODE_ENV === 'test' ? TEST_SCRYPT : DEFAULT_SCRYPT);
  const codes = new VerificationCodes(ctx, messenger, options.secret, options.log);
  const lock = new SignInLock(ctx.db);
  return {
    auth: new AuthService(ctx, passwords, codes, lock),
    users: new UserService(ctx, passwords, codes, lock),
  };
}
