import { planListResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import type { MembershipService } from './service.js';

const tags = ['membership'];

export function membershipRoutes(membership: MembershipService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/membership/plans',
      {
        schema: {
          tags,
          summary: 'The membership plans on sale, with price per day and the best value marked',
          response: { 200: planListResponseSchema },
        },
      },
      async (request) => ({ success: true as const, data: { items: await membership.plans(requestLocale(request)) } }),
    );
  };
}
