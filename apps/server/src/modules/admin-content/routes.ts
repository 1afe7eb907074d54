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
import type { AdminAccess } from '../../platform/admin-access.js';
import { routeGroup } from '../../platform/route.js';
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
 * Settings (owner), feedback (support) and the catalogue import (content); register under
 * `/admin`. Each needs an operator's API token.
 */
export function adminContentRoutes(services: AdminContentServices, access: AdminAccess): FastifyPluginAsyncZod {
  const { settings, feedback, importer } = services;
  return async (app) => {
    const route = routeGroup(app, { tags: ['admin'], errors: [400, 401, 403, 404], admin: access });

    route({
      method: 'GET',
      url: '/settings',
      access: 'admin',
      // The settings are public anyway (GET /client/settings); changing them is the owner's.
      role: ['content', 'support', 'finance'],
      summary: 'The system settings',
      response: adminSettingsResponseSchema,
      errors: [401, 403],
      handler: () => settings.get(),
    });

    route({
      method: 'PUT',
      url: '/settings',
      access: 'admin',
      role: 'owner',
      audit: 'settings.update',
      // Legal texts may run long.
      bodyLimit: SETTINGS_BODY_LIMIT,
      summary: 'Change some system settings (the others are kept); GET /client/settings shows them at once',
      body: adminSettingsBodySchema,
      response: adminSettingsResponseSchema,
      handler: (actor, request) => settings.update(request.body, actor),
    });

    route({
      method: 'GET',
      url: '/feedback',
      access: 'admin',
      role: 'support',
      summary: 'Feedback of every member, newest first, with replies',
      querystring: adminFeedbackListQuerySchema,
      response: adminFeedbackListResponseSchema,
      handler: (_actor, request) => feedback.adminList(request.query),
    });

    route({
      method: 'GET',
      url: '/feedback/:id',
      access: 'admin',
      role: 'support',
      summary: 'One feedback item, with replies',
      params: idParamsSchema,
      response: adminFeedbackResponseSchema,
      handler: (_actor, request) => feedback.adminGet(request.params.id),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/reply',
      access: 'admin',
      role: 'support',
      audit: 'feedback.reply',
      summary: 'Reply to feedback: the member sees it, and the item becomes replied (closed items refuse)',
      params: idParamsSchema,
      body: adminFeedbackReplyBodySchema,
      response: adminFeedbackResponseSchema,
      errors: [400, 401, 403, 404, 409],
      handler: (actor, request) => feedback.reply(request.params.id, request.body.content, actor),
    });

    route({
      method: 'POST',
      url: '/feedback/:id/close',
      access: 'admin',
      role: 'support',
      audit: 'feedback.close',
      summary: 'Close feedback (no more replies)',
      params: idParamsSchema,
      response: adminFeedbackResponseSchema,
      handler: (actor, request) => feedback.close(request.params.id, actor),
    });

    route({
      method: 'POST',
      url: '/dramas/import',
      access: 'admin',
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
