import {
  adminOperatorParamsSchema,
  createApiTokenBodySchema,
  createdApiTokenResponseSchema,
  createdOperatorResponseSchema,
  createOperatorBodySchema,
  operatorResponseSchema,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminAccess } from '../../platform/admin-access.js';
import { routeGroup } from '../../platform/route.js';
import type { OperatorBootstrap } from './bootstrap.js';

function origin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

/**
 * The calls the bootstrap ADMIN_TOKEN may make, and an owner's API token too: operators and
 * their tokens, so that the first operators can start. Register under `/admin`.
 */
export function operatorAdminRoutes(bootstrap: OperatorBootstrap, access: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['admin'], errors: [400, 401, 403, 404, 409], admin: access });

    route({
      method: 'POST',
      url: '/operators',
      access: 'admin',
      role: 'owner',
      bootstrap: true,
      audit: 'operator.create',
      summary: 'Add an operator; the answer carries the one-time set-up link where they choose a password',
      body: createOperatorBodySchema,
      response: createdOperatorResponseSchema,
      handler: (actor, request) => bootstrap.create(actor, request.body.username, request.body.role, origin(request)),
    });

    route({
      method: 'POST',
      url: '/operators/:username/reset-2fa',
      access: 'admin',
      role: 'owner',
      bootstrap: true,
      audit: 'operator.reset-2fa',
      summary: "Turn off an operator's two-factor sign-in (a lost phone); their sessions end",
      params: adminOperatorParamsSchema,
      response: operatorResponseSchema,
      handler: (actor, request) => bootstrap.resetTotp(actor, request.params.username),
    });

    route({
      method: 'POST',
      url: '/operators/:username/disable',
      access: 'admin',
      role: 'owner',
      bootstrap: true,
      audit: 'operator.update',
      summary: 'Disable an operator: their sessions end and their API tokens are revoked (never the last active owner)',
      params: adminOperatorParamsSchema,
      response: operatorResponseSchema,
      handler: (actor, request) => bootstrap.disable(actor, request.params.username),
    });

    route({
      method: 'POST',
      url: '/operators/:username/tokens',
      access: 'admin',
      role: 'owner',
      bootstrap: true,
      audit: 'api-token.create',
      summary: "Issue an API token for an operator's command (a role at most theirs); it is shown this once",
      params: adminOperatorParamsSchema,
      body: createApiTokenBodySchema,
      response: createdApiTokenResponseSchema,
      handler: (actor, request) => bootstrap.issueToken(actor, request.params.username, request.body.name, request.body.role),
    });
  };
}
