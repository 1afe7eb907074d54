import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminVipBodySchema,
  outboxListResponseSchema,
  outboxQuerySchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AdminAccess } from '../../platform/admin-access.js';
import { routeGroup } from '../../platform/route.js';
import type { AdminService } from './service.js';

/** Members and the outbox, for support; register under `/admin`. Each needs an operator's API token. */
export function adminRoutes(admin: AdminService, access: AdminAccess): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['admin'], errors: [400, 401, 403, 404], admin: access });

    route({
      method: 'GET',
      url: '/outbox',
      access: 'admin',
      role: 'support',
      summary: 'Messages kept by the outbox channel, newest first',
      querystring: outboxQuerySchema,
      response: outboxListResponseSchema,
      handler: (_actor, request) => admin.outbox(request.query),
    });

    route({
      method: 'GET',
      url: '/users',
      access: 'admin',
      role: 'support',
      summary: 'Users, searched by part of username, email or phone, or by id',
      querystring: adminUserListQuerySchema,
      response: adminUserListResponseSchema,
      handler: (_actor, request) => admin.users(request.query),
    });

    route({
      method: 'POST',
      url: '/users/:id/disable',
      access: 'admin',
      role: 'support',
      audit: 'user.disable',
      summary: 'Disable a user: sign-in refused, every token ended',
      params: adminUserParamsSchema,
      response: adminUserResponseSchema,
      handler: (actor, request) => admin.disable(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/users/:id/enable',
      access: 'admin',
      role: 'support',
      audit: 'user.enable',
      summary: 'Enable a disabled user',
      params: adminUserParamsSchema,
      response: adminUserResponseSchema,
      handler: (actor, request) => admin.enable(actor, request.params.id),
    });

    route({
      method: 'POST',
      url: '/users/:id/vip',
      access: 'admin',
      role: 'support',
      audit: 'user.vip-grant',
      summary: 'Grant VIP days, from the later of now and the current expiry; the reason goes to the audit log',
      params: adminUserParamsSchema,
      body: adminVipBodySchema,
      response: adminUserResponseSchema,
      handler: (actor, request) => admin.grantVip(actor, request.params.id, request.body),
    });
  };
}
