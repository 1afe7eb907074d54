import { systemSettingsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { SettingsService } from './service.js';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['settings'], errors: [] });

    route({
      method: 'GET',
      url: '/client/settings',
      access: 'public',
      summary: "System settings, with the legal texts and tagline in the request's locale (the default locale's where it has none)",
      response: systemSettingsResponseSchema,
      handler: async (request, reply) => {
        // The texts differ by language: a shared cache must not hand one language's to another.
        reply.header('Vary', 'Accept-Language');
        return settings.forLocale(requestLocale(request));
      },
    });
  };
}
