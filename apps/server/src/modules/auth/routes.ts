import {
  challengeResponseSchema,
  codeRequestBodySchema,
  codeRequestResponseSchema,
  doneResponseSchema,
  resetPasswordBodySchema,
  sessionResponseSchema,
  signInBodySchema,
  signUpBodySchema,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { addressKey } from '../../platform/client-address.js';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { enforceRateLimit } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import { ABUSE_LIMITS } from './abuse-limits.js';
import type { Challenges } from './challenges.js';
import type { AuthService, ClientMeta } from './service.js';

export function clientMeta(request: FastifyRequest): ClientMeta {
  const agent = request.headers['user-agent'];
  return { remoteIp: request.ip || null, userAgent: agent ? agent.slice(0, 512) : null };
}

export function authRoutes(ctx: AppContext, auth: AuthService, challenges: Challenges): FastifyPluginAsyncZod {
  // Making a challenge costs the server one key derivation: a flood of asks is refused first.
  const challengeLimiter = ctx.rateLimits.create('challenge-asks', ABUSE_LIMITS.challengesPerMinute, 60_000);
  return async (app) => {
    const route = routeGroup(app, { tags: ['auth'], errors: [400, 401, 403, 404, 409, 428, 429], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/auth/challenge',
      access: 'public',
      summary: 'A proof-of-work challenge, for a call answered CHALLENGE_REQUIRED (solved by the altcha widget)',
      response: challengeResponseSchema,
      errors: [429],
      handler: async (request, reply) => {
        await enforceRateLimit(challengeLimiter, addressKey(request.ip), reply);
        reply.header('Cache-Control', 'no-store');
        return challenges.create();
      },
    });

    route({
      method: 'POST',
      url: '/client/auth/sign-up',
      access: 'public',
      summary: 'Create an account and sign in (USERNAME_TAKEN, EMAIL_TAKEN)',
      body: signUpBodySchema,
      response: sessionResponseSchema,
      handler: (request) => auth.signUp(request.body, clientMeta(request)),
    });

    route({
      method: 'POST',
      url: '/client/auth/sign-in',
      access: 'public',
      summary:
        'Sign in by username, phone or email (INVALID_CREDENTIALS with attemptsRemaining, ACCOUNT_LOCKED, ACCOUNT_DISABLED, CHALLENGE_REQUIRED)',
      body: signInBodySchema,
      response: sessionResponseSchema,
      handler: (request) => auth.signIn(request.body, clientMeta(request)),
    });

    route({
      method: 'POST',
      url: '/client/auth/sign-out',
      access: 'member',
      summary: 'Sign out (tokens are stateless: the client forgets its token)',
      response: doneResponseSchema,
      errors: [401],
      handler: (viewer) => auth.signOut(viewer),
    });

    route({
      method: 'POST',
      url: '/client/auth/codes',
      // A reset is asked for signed out; only a bind needs the caller, so the body decides.
      access: 'public',
      summary:
        'Send a verification code: reset (answered alike for any email, sent to a registered one) or bind (signed in; CODE_COOLDOWN, CODE_DAILY_LIMIT, CODE_DESTINATION_LIMIT, CHALLENGE_REQUIRED)',
      body: codeRequestBodySchema,
      response: codeRequestResponseSchema,
      errors: [400, 401, 403, 404, 409, 428, 429, 502],
      handler: async (request) => {
        const viewer = request.body.purpose === 'bind' ? await ctx.auth.requireViewer(request) : null;
        return auth.requestCode(request.body, viewer, requestLocale(request), clientMeta(request));
      },
    });

    route({
      method: 'POST',
      url: '/client/auth/reset-password',
      access: 'public',
      summary: 'Set a new password with an emailed code; every old token stops working',
      body: resetPasswordBodySchema,
      response: doneResponseSchema,
      handler: (request) => auth.resetPassword(request.body, clientMeta(request)),
    });
  };
}
