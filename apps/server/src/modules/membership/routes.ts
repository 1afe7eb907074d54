import { planListResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { MembershipService } from './service.js';

export function membershipRoutes(membership: MembershipService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['membership'], errors: [] });

    route({
      method: 'GET',
      url: '/client/membership/plans',
      access: 'public',
      summary: 'The membership plans on sale, with price per day and the best value marked',
      response: planListResponseSchema,
      handler: async (request) => ({ items: await membership.plans(requestLocale(request)) }),
    });
  };
}
