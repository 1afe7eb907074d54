import {
  bindEmailBodySchema,
  bindPhoneBodySchema,
  changePasswordBodySchema,
  errorEnvelopeSchema,
  sessionResponseSchema,
  updateProfileBodySchema,
  userProfileResponseSchema,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { UserService } from './service.js';

const tags = ['user'];
const security = [{ bearer: [] }];
const errors = { 400: errorEnvelopeSchema, 401: errorEnvelopeSchema, 409: errorEnvelopeSchema, 429: errorEnvelopeSchema };

/** The member's own account; every call needs a valid token and acts on its owner only. */
export function userRoutes(ctx: AppContext, users: UserService): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/client/user/me',
      { schema: { tags, security, summary: 'The signed-in member’s profile', response: { 200: userProfileResponseSchema, 401: errorEnvelopeSchema } } },
      async (request) => ({ success: true as const, data: await users.me(await ctx.auth.requireViewer(request)) }),
    );

    app.patch(
      '/client/user/me',
      {
        schema: {
          tags,
          security,
          summary: 'Change the avatar or the username (USERNAME_TAKEN)',
          body: updateProfileBodySchema,
          response: { 200: userProfileResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await users.updateMe(await ctx.auth.requireViewer(request), request.body),
      }),
    );

    app.post(
      '/client/user/password',
      {
        schema: {
          tags,
          security,
          summary: 'Change the password (WRONG_PASSWORD, SAME_PASSWORD); ends other sessions, returns a new token',
          body: changePasswordBodySchema,
          response: { 200: sessionResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await users.changePassword(await ctx.auth.requireViewer(request), request.body),
      }),
    );

    app.post(
      '/client/user/bind-phone',
      {
        schema: {
          tags,
          security,
          summary: 'Bind a phone with a code sent to it (CODE_INVALID, CODE_EXPIRED, PHONE_TAKEN)',
          body: bindPhoneBodySchema,
          response: { 200: userProfileResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await users.bindPhone(await ctx.auth.requireViewer(request), request.body),
      }),
    );

    app.post(
      '/client/user/bind-email',
      {
        schema: {
          tags,
          security,
          summary: 'Bind an email with a code sent to it (CODE_INVALID, CODE_EXPIRED, EMAIL_TAKEN)',
          body: bindEmailBodySchema,
          response: { 200: userProfileResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await users.bindEmail(await ctx.auth.requireViewer(request), request.body),
      }),
    );
  };
}
