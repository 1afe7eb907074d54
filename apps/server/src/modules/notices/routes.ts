import {
  noticeIdParamsSchema,
  noticeListQuerySchema,
  noticeListResponseSchema,
  noticeReadResponseSchema,
  noticeUnreadResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import type { NoticeService } from './service.js';

/** The member's notification centre: their own notices only. */
export function noticeRoutes(ctx: AppContext, notices: NoticeService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['notices'], errors: [400, 401, 404], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/notices',
      access: 'member',
      summary: 'The member’s notices, newest first: kind codes and values (the client writes the text), with the drama a new episode is of',
      querystring: noticeListQuerySchema,
      response: noticeListResponseSchema,
      handler: (viewer, request) => notices.list(viewer.id, request.query, requestLocale(request)),
    });

    route({
      method: 'GET',
      url: '/client/notices/unread',
      access: 'member',
      summary: 'How many of the member’s notices are unread (the bell’s badge)',
      response: noticeUnreadResponseSchema,
      handler: (viewer) => notices.unread(viewer.id),
    });

    route({
      method: 'POST',
      url: '/client/notices/read-all',
      access: 'member',
      summary: 'Mark every notice of the member read',
      response: noticeReadResponseSchema,
      handler: (viewer) => notices.markAllRead(viewer.id),
    });

    route({
      method: 'POST',
      url: '/client/notices/:id/read',
      access: 'member',
      summary: 'Mark one of the member’s notices read (another member’s is not found)',
      params: noticeIdParamsSchema,
      response: noticeReadResponseSchema,
      handler: (viewer, request) => notices.markRead(viewer.id, request.params.id),
    });
  };
}
