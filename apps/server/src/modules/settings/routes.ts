import { systemSettingsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLocale } from '../../platform/locale.js';
import type { SettingsService } from './service.js';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/settings',
      {
        schema: {
          tags: ['settings'],
          summary: "System settings, with the legal texts and tagline in the request's locale (the default locale's where it has none)",
          response: { 200: systemSettingsResponseSchema },
        },
      },
      async (request, reply) => {
        // The texts differ by language: a shared cache must not hand one language's to another.
        reply.header('Vary', 'Accept-Language');
        return { success: true as const, data: await settings.forLocale(requestLocale(request)) };
      },
    );
  };
}
