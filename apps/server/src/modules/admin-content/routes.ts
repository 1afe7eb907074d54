import {
  adminDramaImportBodySchema,
  adminDramaImportResponseSchema,
  adminFeedbackListQuerySchema,
  adminFeedbackListResponseSchema,
  adminFeedbackReplyBodySchema,
  adminFeedbackResponseSchema,
  adminSettingsBodySchema,
  adminSettingsResponseSchema,
  errorEnvelopeSchema,
  idParamsSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminGuard } from '../admin/guard.js';
import type { FeedbackService } from '../feedback/service.js';
import type { SettingsService } from '../settings/service.js';
import type { DramaImportService } from './service.js';

const tags = ['admin'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 404: errorEnvelopeSchema };
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

    app.get(
      '/settings',
      {
        schema: {
          tags,
          security,
          summary: 'The system settings',
          response: { 200: adminSettingsResponseSchema, 401: errorEnvelopeSchema },
        },
      },
      async () => ({ success: true as const, data: await settings.get() }),
    );

    app.put(
      '/settings',
      {
        // Legal texts may run long.
        bodyLimit: SETTINGS_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Change some system settings (the others are kept); GET /client/settings shows them at once',
          body: adminSettingsBodySchema,
          response: { 200: adminSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await settings.update(request.body) }),
    );

    app.get(
      '/feedback',
      {
        schema: {
          tags,
          security,
          summary: 'Feedback of every member, newest first, with replies',
          querystring: adminFeedbackListQuerySchema,
          response: { 200: adminFeedbackListResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await feedback.adminList(request.query) }),
    );

    app.get(
      '/feedback/:id',
      {
        schema: {
          tags,
          security,
          summary: 'One feedback item, with replies',
          params: idParamsSchema,
          response: { 200: adminFeedbackResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await feedback.adminGet(request.params.id) }),
    );

    app.post(
      '/feedback/:id/reply',
      {
        schema: {
          tags,
          security,
          summary: 'Reply to feedback: the member sees it, and the item becomes replied (closed items refuse)',
          params: idParamsSchema,
          body: adminFeedbackReplyBodySchema,
          response: { 200: adminFeedbackResponseSchema, ...errors, 409: errorEnvelopeSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await feedback.reply(request.params.id, request.body.content),
      }),
    );

    app.post(
      '/feedback/:id/close',
      {
        schema: {
          tags,
          security,
          summary: 'Close feedback (no more replies)',
          params: idParamsSchema,
          response: { 200: adminFeedbackResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await feedback.close(request.params.id) }),
    );

    app.post(
      '/dramas/import',
      {
        bodyLimit: IMPORT_BODY_LIMIT,
        schema: {
          tags,
          security,
          summary: 'Import dramas whose media is under MEDIA_DIR: created or updated by slug, all in one transaction',
          body: adminDramaImportBodySchema,
          response: { 200: adminDramaImportResponseSchema, ...errors },
        },
      },
      async (request) => ({ success: true as const, data: await importer.import(request.body) }),
    );
  };
}
