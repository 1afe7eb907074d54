import {
  apiTokenListResponseSchema,
  apiTokenResponseSchema,
  consoleMeResponseSchema,
  consolePasswordBodySchema,
  consoleSecurityResponseSchema,
  consoleSecuritySchema,
  consoleSignInBodySchema,
  consoleSignInResponseSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
  createdOperatorResponseSchema,
  createOperatorBodySchema,
  okEmptyResponseSchema,
  operatorListResponseSchema,
  operatorParamsSchema,
  operatorResponseSchema,
  setupLinkInfoResponseSchema,
  setupLinkParamsSchema,
  setupLinkResponseSchema,
  setupPasswordBodySchema,
  totpCodeBodySchema,
  totpSetupResponseSchema,
  updateOperatorBodySchema,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { clearSessionCookies, setSessionCookies } from '../../platform/operators.js';
import { routeGroup } from '../../platform/route.js';
import type { OperatorService } from './service.js';

function secure(request: FastifyRequest): boolean {
  return request.protocol === 'https';
}

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

function meta(request: FastifyRequest) {
  const agent = request.headers['user-agent'];
  return { ip: request.ip ?? null, userAgent: typeof agent === 'string' ? agent : null };
}

/** Signing in and out, two-factor, the set-up link, operators and API tokens. Register under `/console`. */
export function operatorConsoleRoutes(ctx: AppContext, operators: OperatorService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: operators'], errors: [400, 401, 403, 404, 409, 429], operators: ctx.operators });
    const session = (request: FastifyRequest) => ctx.operators.session(request);

    route({
      method: 'POST',
      url: '/auth/sign-in',
      access: 'console-public',
      summary: 'Sign in with username and password, then the two-factor code when it is on',
      body: consoleSignInBodySchema,
      response: consoleSignInResponseSchema,
      handler: async (request, reply) => {
        const { result, session: created } = await operators.signIn(request.body, meta(request));
        if (created) setSessionCookies(reply, created, secure(request));
        return result;
      },
    });

    route({
      method: 'POST',
      url: '/auth/sign-out',
      access: 'console',
      role: ['content', 'support', 'finance'],
      totpSetup: true,
      summary: 'End this console session',
      response: okEmptyResponseSchema,
      handler: async (_actor, request, reply) => {
        await operators.signOut(session(request)?.sessionId ?? 0);
        clearSessionCookies(reply, secure(request));
        return null;
      },
    });

    route({
      method: 'GET',
      url: '/auth/me',
      access: 'console',
      role: ['content', 'support', 'finance'],
      totpSetup: true,
      summary: 'The signed-in operator',
      response: consoleMeResponseSchema,
      handler: (actor, request) => operators.currentMe(actor, session(request)?.csrfToken ?? '', session(request)?.totpSetupOnly ?? false),
    });

    route({
      method: 'POST',
      url: '/auth/totp/setup',
      access: 'console',
      role: ['content', 'support', 'finance'],
      sessionOnly: true,
      totpSetup: true,
      summary: 'Start setting up two-factor sign-in: a new secret and its otpauth address',
      response: totpSetupResponseSchema,
      handler: (actor) => operators.startTotpSetup(actor),
    });

    route({
      method: 'POST',
      url: '/auth/totp/confirm',
      access: 'console',
      role: ['content', 'support', 'finance'],
      sessionOnly: true,
      totpSetup: true,
      audit: 'operator.totp-enable',
      summary: 'Turn two-factor sign-in on with a code from the authenticator',
      body: totpCodeBodySchema,
      response: consoleMeResponseSchema,
      handler: (actor, request) => operators.confirmTotp(actor, request.body.code, session(request)?.sessionId ?? 0),
    });

    route({
      method: 'POST',
      url: '/auth/totp/disable',
      access: 'console',
      role: ['content', 'support', 'finance'],
      sessionOnly: true,
      audit: 'operator.totp-disable',
      summary: 'Turn two-factor sign-in off (not while the owner requires it)',
      body: totpCodeBodySchema,
      response: okEmptyResponseSchema,
      handler: async (actor, request) => {
        await operators.disableTotp(actor, request.body.code);
        return null;
      },
    });

    route({
      method: 'POST',
      url: '/auth/password',
      access: 'console',
      role: ['content', 'support', 'finance'],
      sessionOnly: true,
      audit: 'operator.password-change',
      summary: 'Change your password; your other sessions end',
      body: consolePasswordBodySchema,
      response: okEmptyResponseSchema,
      handler: async (actor, request) => {
        await operators.changePassword(actor, request.body.currentPassword, request.body.newPassword, session(request)?.sessionId ?? 0);
        return null;
      },
    });

    route({
      method: 'GET',
      url: '/auth/setup/:token',
      access: 'console-public',
      summary: 'Whose set-up link this is',
      params: setupLinkParamsSchema,
      response: setupLinkInfoResponseSchema,
      handler: (request) => operators.setupInfo(request.params.token),
    });

    route({
      method: 'POST',
      url: '/auth/setup',
      access: 'console-public',
      audit: 'operator.setup',
      summary: 'Choose a password with a one-time set-up link',
      body: setupPasswordBodySchema,
      response: okEmptyResponseSchema,
      handler: async (request) => {
        await operators.completeSetup(request.body.token, request.body.password, request.ip ?? null);
        return null;
      },
    });

    route({
      method: 'GET',
      url: '/operators',
      access: 'console',
      role: 'owner',
      summary: 'Every operator',
      response: operatorListResponseSchema,
      handler: async () => ({ items: await operators.list() }),
    });

    route({
      method: 'POST',
      url: '/operators',
      access: 'console',
      role: 'owner',
      audit: 'operator.create',
      summary: 'Add an operator; the answer carries the one-time set-up link to hand them',
      body: createOperatorBodySchema,
      response: createdOperatorResponseSchema,
      handler: (actor, request) => operators.create(actor, request.body.username, request.body.role, origin(request)),
    });

    route({
      method: 'PATCH',
      url: '/operators/:id',
      access: 'console',
      role: 'owner',
      audit: 'operator.update',
      summary: "Change an operator's role, or disable or enable them (their sessions end)",
      params: operatorParamsSchema,
      body: updateOperatorBodySchema,
      response: operatorResponseSchema,
      handler: (actor, request) => operators.update(actor, request.params.id, request.body),
    });

    route({
      method: 'POST',
      url: '/operators/:id/reset-2fa',
      access: 'console',
      role: 'owner',
      audit: 'operator.reset-2fa',
      summary: "Turn off an operator's two-factor sign-in (a lost phone)",
      params: operatorParamsSchema,
      response: operatorResponseSchema,
      handler: (actor, request) => operators.resetTotp(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/operators/:id/setup-link',
      access: 'console',
      role: 'owner',
      audit: 'operator.setup-link',
      summary: 'A new one-time set-up link for an operator (a forgotten password)',
      params: operatorParamsSchema,
      response: setupLinkResponseSchema,
      handler: (actor, request) => operators.newSetupLink(actor, request.params.id, origin(request)),
    });

    route({
      method: 'GET',
      url: '/security',
      access: 'console',
      role: 'owner',
      summary: "The console's security switches",
      response: consoleSecurityResponseSchema,
      handler: async () => ({ requireTotp: await operators.requireTotp() }),
    });

    route({
      method: 'PUT',
      url: '/security',
      access: 'console',
      role: 'owner',
      audit: 'console.security',
      summary: 'Require two-factor sign-in of every operator',
      body: consoleSecuritySchema,
      response: consoleSecurityResponseSchema,
      handler: (actor, request) => operators.setRequireTotp(actor, request.body.requireTotp),
    });

    route({
      method: 'GET',
      url: '/tokens',
      access: 'console',
      role: ['content', 'support', 'finance'],
      summary: "API tokens for the operator's command: an owner sees all, others their own",
      response: apiTokenListResponseSchema,
      handler: async (actor) => ({ items: await operators.tokens(actor) }),
    });

    route({
      method: 'POST',
      url: '/tokens',
      access: 'console',
      role: ['content', 'support', 'finance'],
      sessionOnly: true,
      audit: 'api-token.create',
      summary: 'Make an API token with a role (at most your own); it is shown this once',
      body: createApiTokenBodySchema,
      response: createdApiTokenResponseSchema,
      handler: (actor, request) => operators.createToken(actor, request.body.name, request.body.role),
    });

    route({
      method: 'DELETE',
      url: '/tokens/:id',
      access: 'console',
      role: ['content', 'support', 'finance'],
      audit: 'api-token.revoke',
      summary: 'Revoke an API token',
      params: operatorParamsSchema,
      response: apiTokenResponseSchema,
      handler: (actor, request) => operators.revokeToken(actor, request.params.id),
    });
  };
}
