import {
  adminUserListQuerySchema,
  adminUserListResponseSchema,
  adminUserParamsSchema,
  adminUserResponseSchema,
  adminVipBodySchema,
  errorEnvelopeSchema,
  outboxListResponseSchema,
  outboxQuerySchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGuard } from './guard.js';
import type { AdminService } from './service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };

/** Operator calls; register under `/admin`. Each needs `Authorization: Bearer <admin token>`. */
export function adminRoutes(admin: AdminService, token: string): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));

    app.get(
      '/outbox',
      {
        schema: {
          tags,
          security,
          summary: 'Messages kept by the outbox channel, newest first',
          querystring: outboxQuerySchema,
          response: { 200: outboxListResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await admin.outbox(request.query) }),
    );

    app.get(
      '/users',
      {
        schema: {
          tags,
          security,
          summary: 'Users, searched by part of username, email or phone, or by id',
          querystring: adminUserListQuerySchema,
          response: { 200: adminUserListResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await admin.users(request.query) }),
    );

    app.post(
      '/users/:id/disable',
      {
        schema: {
          tags,
          security,
          summary: 'Disable a user: sign-in refused, every token ended',
          params: adminUserParamsSchema,
          response: { 200: adminUserResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await admin.disable(request.params.id) }),
    );

    app.post(
      '/users/:id/enable',
      {
        schema: {
          tags,
          security,
          summary: 'Enable a disabled user',
          params: adminUserParamsSchema,
          response: { 200: adminUserResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await admin.enable(request.params.id) }),
    );

    app.post(
      '/users/:id/vip',
      {
        schema: {
          tags,
          security,
          summary: 'Grant VIP days, from the later of now and the current expiry',
          params: adminUserParamsSchema,
          body: adminVipBodySchema,
          response: { 200: adminUserResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await admin.grantVip(request.params.id, request.body.days) }),
    );
  };
}
