import {
  pushKeyResponseSchema,
  pushSubscribeResponseSchema,
  pushSubscribeSchema,
  pushUnsubscribeResponseSchema,
  pushUnsubscribeSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { PushService } from './service.js';

/** A member's devices for Web Push. */
export function pushRoutes(ctx: AppContext, push: PushService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['user'], errors: [400, 401], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/push/key',
      access: 'member',
      summary: 'The application server (VAPID) public key a device subscribes with',
      response: pushKeyResponseSchema,
      handler: async () => ({ publicKey: push.publicKey }),
    });

    route({
      method: 'POST',
      url: '/client/push/subscriptions',
      access: 'member',
      summary: 'Add this device’s push subscription to the member (one already held by another member moves to the caller)',
      body: pushSubscribeSchema,
      response: pushSubscribeResponseSchema,
      handler: (viewer, request) => push.subscribe(viewer.id, request.body),
    });

    route({
      method: 'DELETE',
      url: '/client/push/subscriptions',
      access: 'member',
      summary: 'Remove the member’s own subscription at this endpoint (signing out, turning pushes off)',
      querystring: pushUnsubscribeSchema,
      response: pushUnsubscribeResponseSchema,
      handler: (viewer, request) => push.unsubscribe(viewer.id, request.query.endpoint),
    });
  };
}
