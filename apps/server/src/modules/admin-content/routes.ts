import {
  adminDramaImportBodySchema,
  adminDramaImportResponseSchema,
  adminFeedbackListQuerySchema,
  adminFeedbackListResponseSchema,
  adminFeedbackReplyBodySchema,
  adminFeedbackResponseSchema,
  adminSettingsBodySchema,
  adminSettingsResponseSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { routeGroup } from '../../platform/route.js';
import { adminGuard } from '../admin/guard.js';
import type { FeedbackService } from '../feedback/service.js';
import type { SettingsService } from '../settings/service.js';
import type { DramaImportService } from './service.js';

/** A catalogue of a few hundred dramas with their episodes. */
const IMPORT_BODY_LIMIT = 10 * 1024 * 1024;
const SETTINGS_BODY_LIMIT = 1024 * 1024;

export interface AdminContentServices {
  settings: SettingsService;
  feedback: FeedbackService;
  importer: DramaImportService;
}

/**
 * The operator's content calls; register under `/admin`. Each needs
 * `Authorization: Bearer <admin token>`.
 */
export function adminContentRoutes(services: AdminContentServices, token: string): FastifyPluginAsyncZod {
  const { settings, feedback, importer } = services;
  return async (app) => {
    app.addHook('onRequest', adminGuard(token));
    const route = routeGroup(app, { tags: ['admin'], errors: [400, 401, 404] });

    route({
      method: 'GET',
      url: '/settings',
      access: 'admin',
      summary: 'The system settings',
      response: adminSettingsResponseSchema,
      errors: [401],
      handler: () => settings.get(),
    });

    route({
      method: 'PUT',
      url: '/settings',
      access: 'admin',
      // Legal texts may run long.
      bodyLimit: SETTINGS_BODY_LIMIT,
      summary: 'Change some system settings (the others are kept); GET /client/settings shows them at once',
      body: adminSettingsBodySchema,
      response: adminSettingsResponseSchema,
      handler: (request) => settings.update(request.body),
    });

    route({
      method: 'GET',
      url: '/feedback',
      access: 'admin',
      summary: 'Feedback of every member, newest first, with replies',
      querystring: adminFeedbackListQuerySchema,
      response: adminFeedbackListResponseSchema,
      handler: (request) => feedback.adminList(request.query),
    });

    route({
      method: 'GET',
      url: '/feedback/:id',
      access: 'admin',
      summary: 'One feedback item, with replies',
      params: idParamsSchema,
      response: adminFeedbackResponseSchema,
      handler: (request) => feedback.adminGet(request.params.id),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/reply',
      access: 'admin',
      summary: 'Reply to feedback: the member sees it, and the item becomes replied (closed items refuse)',
      params: idParamsSchema,
      body: adminFeedbackReplyBodySchema,
      response: adminFeedbackResponseSchema,
      errors: [400, 401, 404, 409],
      handler: (request) => feedback.reply(request.params.id, request.body.content),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/close',
      access: 'admin',
      summary: 'Close feedback (no more replies)',
      params: idParamsSchema,
      response: adminFeedbackResponseSchema,
      handler: (request) => feedback.close(request.params.id),
    });

    route({
      method: 'POST',
      url: '/dramas/import',
      access: 'admin',
      bodyLimit: IMPORT_BODY_LIMIT,
      summary: 'Import dramas whose media is under MEDIA_DIR: created or updated by slug, all in one transaction',
      body: adminDramaImportBodySchema,
      response: adminDramaImportResponseSchema,
      handler: (request) => importer.import(request.body),
    });
  };
}
