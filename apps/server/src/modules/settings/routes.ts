import { systemSettingsResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { SettingsService } from './service.js';

export function settingsRoutes(settings: SettingsService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/settings',
      { schema: { tags: ['settings'], summary: 'System settings', response: { 200: systemSettingsResponseSchema } } },
      async () => ({ success: true as const, data: await settings.get() }),
    );
  };
}
