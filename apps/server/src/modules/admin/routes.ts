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
import { routeGroup } from '../../platform/route.js';
import { adminGuard } from './guard.js';
import type { AdminService } from './service.js';

/** Operator calls; register under `/admin`. Each needs `Authorization: Bearer <admin token>`. */
export function adminRoutes(admin: AdminService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));
    const route = routeGroup(app, { tags: ['admin'], errors: [400, 401, 404] });

    route({
      method: 'GET',
      url: '/outbox',
      access: 'admin',
      summary: 'Messages kept by the outbox channel, newest first',
      querystring: outboxQuerySchema,
      response: outboxListResponseSchema,
      handler: (request) => admin.outbox(request.query),
    });

    route({
      method: 'GET',
      url: '/users',
      access: 'admin',
      summary: 'Users, searched by part of username, email or phone, or by id',
      querystring: adminUserListQuerySchema,
      response: adminUserListResponseSchema,
      handler: (request) => admin.users(request.query),
    });

    route({
      method: 'POST',
      url: '/users/:id/disable',
      access: 'admin',
      summary: 'Disable a user: sign-in refused, every token ended',
      params: adminUserParamsSchema,
      response: adminUserResponseSchema,
      handler: (request) => admin.disable(request.params.id),
    });

    route({
      method: 'POST',
      url: '/users/:id/enable',
      access: 'admin',
      summary: 'Enable a disabled user',
      params: adminUserParamsSchema,
      response: adminUserResponseSchema,
      handler: (request) => admin.enable(request.params.id),
    });

    route({
      method: 'POST',
      url: '/users/:id/vip',
      access: 'admin',
      summary: 'Grant VIP days, from the later of now and the current expiry',
      params: adminUserParamsSchema,
      body: adminVipBodySchema,
      response: adminUserResponseSchema,
      handler: (request) => admin.grantVip(request.params.id, request.body.days),
    });
  };
}
