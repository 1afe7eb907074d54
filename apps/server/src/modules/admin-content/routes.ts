import { adminDramaImportBodySchema, adminDramaImportResponseSchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { DramaImportService } from './service.js';

/** A catalogue of a few hundred dramas with their episodes. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;

/**
 * The catalogue import (content), what `npm run admin -- import` sends; register under
 * `/console`. An operator's API token calls it, as a session could.
 */
export function catalogueImportRoutes(ctx: AppContext, importer: DramaImportService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: catalogue'], errors: [400, 401, 403, 404], operators: ctx.operators });

    route({
      method: 'POST',
      url: '/dramas/import',
      access: 'console',
      role: 'content',
      audit: 'catalogue.import',
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: 'Import dramas whose media is under MEDIA_DIR: created or updated by slug, all in one transaction',
      body: adminDramaImportBodySchema,
      response: adminDramaImportResponseSchema,
      handler: (actor, request) => importer.import(request.body, actor),
    });
  };
}
