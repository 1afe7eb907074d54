import { memberSettingsPatchSchema, memberSettingsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { MemberSettingsService } from './service.js';

/** The member's own switches (spec section 3's user settings), kept so they follow the member. */
export function memberSettingsRoutes(ctx: AppContext, settings: MemberSettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['user'], errors: [400, 401], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/user/settings',
      access: 'member',
      summary: 'The member’s switches: notifications (updates, messages) and privacy (history, recommendations)',
      response: memberSettingsResponseSchema,
      handler: (viewer) => settings.get(viewer.id),
    });

    route({
      method: 'PATCH',
      url: '/client/user/settings',
      access: 'member',
      summary: 'Turn some of the member’s switches on or off; the others stay as they are',
      body: memberSettingsPatchSchema,
      response: memberSettingsResponseSchema,
      handler: (viewer, request) => settings.update(viewer.id, request.body),
    });
  };
}
