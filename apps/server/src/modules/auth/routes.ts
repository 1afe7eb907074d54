import {
  challengeResponseSchema,
  codeRequestBodySchema,
  codeRequestResponseSchema,
  doneResponseSchema,
  errorEnvelopeSchema,
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
import { ABUSE_LIMITS } from './abuse-limits.js';
import type { Challenges } from './challenges.js';
import type { AuthService, ClientMeta } from './service.js';

const tags = ['auth'];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 403: errorEnvelopeSchema, 404: errorEnvelopeSchema, 409: errorEnvelopeSchema, 428: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export function clientMeta(request: FastifyRequest): ClientMeta {
  const agent = request.headers['user-agent'];
  return { remoteIp: request.ip || null, userAgent: agent ? agent.slice(0, 512) : null };
}

export function authRoutes(ctx: AppContext, auth: AuthService, challenges: Challenges): FastifyPluginAsyncZod {
  // Making a challenge costs the server one key derivation: a flood of asks is refused first.
  const challengeLimiter = ctx.rateLimits.create('challenge-asks', ABUSE_LIMITS.challengesPerMinute, 60_000);
  return async (app) => {
    app.get(
      '/client/auth/challenge',
      {
        schema: {
          tags,
          summary: 'A proof-of-work challenge, for a call answered CHALLENGE_REQUIRED (solved by the altcha widget)',
          response: { 200: challengeResponseSchema, 429: errorEnvelopeSchema },
        },
      },
      async (request, reply) => {
        await enforceRateLimit(challengeLimiter, addressKey(request.ip), reply);
        reply.header('Cache-Control', 'no-store');
        return { success: true as const, data: await challenges.create() };
      },
    );

    app.post(
      '/client/auth/sign-up',
      {
        schema: {
          tags,
          summary: 'Create an account and sign in (USERNAME_TAKEN, EMAIL_TAKEN)',
          body: signUpBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await auth.signUp(request.body, clientMeta(request)) }),
    );

    app.post(
      '/client/auth/sign-in',
      {
        schema: {
          tags,
          summary:
            'Sign in by username, phone or email (INVALID_CREDENTIALS with attemptsRemaining, ACCOUNT_LOCKED, ACCOUNT_DISABLED, CHALLENGE_REQUIRED)',
          body: signInBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await auth.signIn(request.body, clientMeta(request)) }),
    );

    app.post(
      '/client/auth/sign-out',
      {
        schema: {
          tags,
          summary: 'Sign out (tokens are stateless: the client forgets its token)',
          security: [{ bearer: [] }],
          response: { 200: doneResponseSchema, 401: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const viewer = await ctx.auth.requireViewer(request);
        return { success: true as const, data: await auth.signOut(viewer) };
      },
    );

    app.post(
      '/client/auth/codes',
      {
        schema: {
          tags,
          summary:
            'Send a verification code: reset (answered alike for any email, sent to a registered one) or bind (signed in; CODE_COOLDOWN, CODE_DAILY_LIMIT, CODE_DESTINATION_LIMIT, CHALLENGE_REQUIRED)',
          body: codeRequestBodySchema,
          response: { 200: codeRequestResponseSchema, ...errors, 502: errorEnvelopeSchema },
        },
      },
      async (request) => {
        const viewer = request.body.purpose === 'bind' ? await ctx.auth.requireViewer(request) : null;
        return { success: true as const, data: await auth.requestCode(request.body, viewer, requestLocale(request), clientMeta(request)) };
      },
    );

    app.post(
      '/client/auth/reset-password',
      {
        schema: {
          tags,
          summary: 'Set a new password with an emailed code; every old token stops working',
          body: resetPasswordBodySchema,
          response: { 200: doneResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await auth.resetPassword(request.body, clientMeta(request)) }),
    );
  };
}
