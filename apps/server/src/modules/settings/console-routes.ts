import { consoleSettingsPatchSchema, consoleSettingsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { SettingsService } from './service.js';

const OWNER = 'owner' as const;
/** Legal texts may run long (the operator's command allows the same). */
const SETTINGS_BODY_LIMIT = 1024 * 1024;

/**
 * The system settings in the console; register under `/console`. The owner's alone: they are
 * the site's name, contacts and legal texts. A change goes through the same audited update as
 * the operator's command (one transaction with its audit row), and the viewers' read sees it at once.
 */
export function settingsConsoleRoutes(ctx: AppContext, settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: settings'], errors: [400, 401, 403], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/settings',
      access: 'console',
      role: OWNER,
      summary: "The system settings with every locale's legal texts and tagline",
      response: consoleSettingsResponseSchema,
      handler: async () => settings.get(),
    });

    route({
      method: 'PATCH',
      url: '/settings',
      access: 'console',
      role: OWNER,
      audit: 'settings.update',
      bodyLimit: SETTINGS_BODY_LIMIT,
      summary: 'Change some settings (the others are kept); audited with each value before and after; GET /client/settings shows them at once',
      body: consoleSettingsPatchSchema,
      response: consoleSettingsResponseSchema,
      handler: async (actor, request) => settings.update(request.body, actor),
    });
  };
}
