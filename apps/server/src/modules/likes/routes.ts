import {
  errorEnvelopeSchema,
  idParamsSchema,
  likeListResponseSchema,
  likeQuerySchema,
  likeStatusResponseSchema,
  pageQuerySchema,
} from '@drama/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requestLocale } from '../../platform/locale.js';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import type { LikeService } from './service.js';

const tags = ['likes'];
// Optional bearer: members send one, guests none.
const security: Array<Record<string, string[]>> = [{ bearer: [] }, {}];
const errors = {
  400: errorEnvelopeSchema,
  401: errorEnvelopeSchema,
  403: errorEnvelopeSchema,
  404: errorEnvelopeSchema,
  429: errorEnvelopeSchema,
};

/** Guests' likes and unlikes per IP and route: each one moves a public count. */
export const GUEST_LIKES_PER_MINUTE = 30;
/**
 * Members' likes and unlikes per member, both routes together: idempotent, but each toggle
 * writes a row and moves the count, so a script is stopped far above what a thumb can tap.
 */
export const MEMBER_LIKES_PER_MINUTE = 60;

/**
 * The spec's like calls. Members like with their token (and may pass their own id as `userId`);
 * guests like without one, which moves the episode's anonymous count, rate-limited per IP;
 * members are rate-limited per member.
 */
export function likeRoutes(
  ctx: AppContext,
  likes: LikeService,
  limiter: RateLimiter = ctx.rateLimits.create('guest-likes', GUEST_LIKES_PER_MINUTE, 60_000),
  memberLimiter: RateLimiter = ctx.rateLimits.create('member-likes', MEMBER_LIKES_PER_MINUTE, 60_000),
): FastifyPluginAsyncZod {
  /**
   * Who likes: a member, or a guest (no token). A token that no longer works is refused rather
   * than counted as a guest, so the client learns that its session ended; a `userId` must be
   * the token's own.
   */
  async function liker(request: FastifyRequest, userId: number | undefined): Promise<Viewer | null> {
    const viewer = await ctx.auth.viewer(request);
    if (!viewer && (request.headers.authorization !== undefined || userId !== undefined)) {
      throw new AppError('UNAUTHORIZED', 'Sign in again');
    }
    if (viewer && userId !== undefined && userId !== viewer.id) {
      throw new AppError('FORBIDDEN', 'userId does not match the signed-in member');
    }
    return viewer;
  }

  return async (app) => {
    app.get(
      '/client/episodes/:id/like/check',
      {
        schema: {
          tags,
          security,
          summary: 'Whether the member likes an episode, and its like count (guests: isLiked false)',
          params: idParamsSchema,
          response: { 200: likeStatusResponseSchema, ...errors },
        },
      },
      async (request) => ({
        success: true as const,
        data: await likes.status(await ctx.auth.viewer(request), request.params.id),
      }),
    );

    app.post(
      '/client/episodes/:id/like',
      {
        schema: {
          tags,
          security,
          summary: 'Like an episode (members: idempotent; guests: adds an anonymous like; both rate-limited)',
          params: idParamsSchema,
          querystring: likeQuerySchema,
          response: { 200: likeStatusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = await liker(request, request.query.userId);
        if (viewer) await enforceRateLimit(memberLimiter, `${viewer.id}`, reply);
        else await enforceRateLimit(limiter, `like:${request.ip}`, reply);
        return { success: true as const, data: await likes.like(viewer, request.params.id) };
      },
    );

    app.delete(
      '/client/episodes/:id/like',
      {
        schema: {
          tags,
          security,
          summary: 'Unlike an episode (members: their like; guests: one anonymous like, never below 0)',
          params: idParamsSchema,
          querystring: likeQuerySchema,
          response: { 200: likeStatusResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const viewer = await liker(request, request.query.userId);
        if (viewer) await enforceRateLimit(memberLimiter, `${viewer.id}`, reply);
        else await enforceRateLimit(limiter, `unlike:${request.ip}`, reply);
        return { success: true as const, data: await likes.unlike(viewer, request.params.id) };
      },
    );

    app.get(
      '/client/likes',
      {
        schema: {
          tags,
          security: [{ bearer: [] }],
          summary: 'The member’s liked episodes, newest first',
          querystring: pageQuerySchema,
          response: { 200: likeListResponseSchema, 400: errorEnvelopeSchema, 401: errorEnvelopeSchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await likes.list(await ctx.auth.requireViewer(request), request.query, requestLocale(request)),
      }),
    );
  };
}
