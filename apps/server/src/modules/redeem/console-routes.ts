import {
  campaignRedemptionsResponseSchema,
  campaignRevokeSchema,
  consoleCampaignCreateSchema,
  consoleCampaignListQuerySchema,
  consoleCampaignListResponseSchema,
  consoleCampaignResponseSchema,
  idParamsSchema,
} from '@drama/contracts';
import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { CampaignConsoleService } from './console-service.js';

const FINANCE = 'finance' as const;

/** Redeem campaigns in the console; register under `/console`. Role finance (the owner passes too). */
export function campaignConsoleRoutes(ctx: AppContext, service: CampaignConsoleService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: campaigns'], errors: [400, 401, 403, 404, 409], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/campaigns',
      access: 'console',
      role: FINANCE,
      summary: 'Redeem campaigns, newest first, with their redemptions; filtered by name, type and state',
      querystring: consoleCampaignListQuerySchema,
      response: consoleCampaignListResponseSchema,
      handler: async (_actor, request) => service.list(request.query),
    });

    route({
      method: 'POST',
      url: '/campaigns',
      access: 'console',
      role: FINANCE,
      audit: 'redeem.batch-create',
      summary: 'Make a campaign: a batch of single-use codes worth VIP days or points, optionally expiring',
      body: consoleCampaignCreateSchema,
      response: consoleCampaignResponseSchema,
      handler: async (actor, request) => service.create(actor, request.body),
    });

    route({
      method: 'GET',
      url: '/campaigns/:id',
      access: 'console',
      role: FINANCE,
      summary: 'A campaign with its counts',
      params: idParamsSchema,
      response: consoleCampaignResponseSchema,
      handler: async (_actor, request) => service.get(request.params.id),
    });

    route({
      method: 'GET',
      url: '/campaigns/:id/redemptions',
      access: 'console',
      role: FINANCE,
      summary: "A campaign's redemptions per day in APP_TIMEZONE, days without any included",
      params: idParamsSchema,
      response: campaignRedemptionsResponseSchema,
      handler: async (_actor, request) => service.redemptions(request.params.id),
    });

    route({
      method: 'POST',
      url: '/campaigns/:id/revoke',
      access: 'console',
      role: FINANCE,
      audit: 'redeem.batch-revoke',
      summary: "Revoke a campaign: its unused codes end now (members are told they expired); redeemed ones keep what they gave",
      params: idParamsSchema,
      body: campaignRevokeSchema,
      response: consoleCampaignResponseSchema,
      handler: async (actor, request) => service.revoke(actor, request.params.id, request.body),
    });

    // The codes as CSV, not the envelope; each export is audited.
    route.raw({
      method: 'GET',
      url: '/campaigns/:id/codes.csv',
      access: 'console',
      role: FINANCE,
      hide: true,
      params: idParamsSchema,
      handler: async (actor, request, reply) => {
        const lines = service.exportCsv(actor, request.params.id);
        // The first line is read here, so that an unknown campaign answers 404 in the envelope.
        const first = await lines.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* lines;
        }
        return reply
          .type('text/csv; charset=utf-8')
          .header('Content-Disposition', `attachment; filename="campaign-${request.params.id}-codes.csv"`)
          .header('Cache-Control', 'no-store')
          .send(Readable.from(all()));
      },
    });
  };
}
