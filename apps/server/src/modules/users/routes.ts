import {
  bindEmailBodySchema,
  bindPhoneBodySchema,
  changePasswordBodySchema,
  sessionResponseSchema,
  updateProfileBodySchema,
  userProfileResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import { routeGroup } from '../../platform/route.js';
import type { UserService } from './service.js';

/** The member's own account; every call needs a valid token and acts on its owner only. */
export function userRoutes(ctx: AppContext, users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['user'], errors: [400, 401, 409, 429], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/user/me',
      access: 'member',
      summary: 'The signed-in member’s profile',
      response: userProfileResponseSchema,
      errors: [401],
      handler: (viewer) => users.me(viewer),
    });

    route({
      method: 'PATCH',
      url: '/client/user/me',
      access: 'member',
      summary: 'Change the avatar or the username (USERNAME_TAKEN)',
      body: updateProfileBodySchema,
      response: userProfileResponseSchema,
      handler: (viewer, request) => users.updateMe(viewer, request.body),
    });

    route({
      method: 'POST',
      url: '/client/user/password',
      access: 'member',
      summary: 'Change the password (WRONG_PASSWORD, SAME_PASSWORD); ends other sessions, returns a new token',
      body: changePasswordBodySchema,
      response: sessionResponseSchema,
      handler: (viewer, request) => users.changePassword(viewer, request.body),
    });

    route({
      method: 'POST',
      url: '/client/user/bind-phone',
      access: 'member',
      summary: 'Bind a phone with a code sent to it (CODE_INVALID, CODE_EXPIRED, PHONE_TAKEN)',
      body: bindPhoneBodySchema,
      response: userProfileResponseSchema,
      handler: (viewer, request) => users.bindPhone(viewer, request.body),
    });

    route({
      method: 'POST',
      url: '/client/user/bind-email',
      access: 'member',
      summary: 'Bind an email with a code sent to it (CODE_INVALID, CODE_EXPIRED, EMAIL_TAKEN)',
      body: bindEmailBodySchema,
      response: userProfileResponseSchema,
      handler: (viewer, request) => users.bindEmail(viewer, request.body),
    });
  };
}
