import { idParamsSchema, likeListResponseSchema, likeQuerySchema, likeStatusResponseSchema, pageQuerySchema } from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Viewer } from '../../platform/auth.js';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requestLocale } from '../../platform/locale.js';
import { enforceRateLimit, type RateLimiter } from '../../platform/rate-limit.js';
import { routeGroup } from '../../platform/route.js';
import type { LikeService } from './service.js';

/** Guests' likes and unlikes per IP and route: each one moves a public count. */
export const GUEST_LIKES_PER_MINUTE = 30;
/**
 * Members' likes and unlikes per member, both routes together: idempotent, but each toggle
 * writes a row and moves the count, so a script is stopped far above what a thumb can tap.
 */
export const MEMBER_LIKES_PER_MINUTE = 60;

const TOGGLES = [
  {
    method: 'POST',
    action: 'like',
    summary: 'Like an episode (members: idempotent; guests: adds an anonymous like; both rate-limited)',
  },
  {
    method: 'DELETE',
    action: 'unlike',
    summary: 'Unlike an episode (members: their like; guests: one anonymous like, never below 0)',
  },
] as const;

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
  function checkLiker(viewer: Viewer | null, authorization: string | undefined, userId: number | undefined): void {
    if (!viewer && (authorization !== undefined || userId !== undefined)) {
      throw new AppError('UNAUTHORIZED', 'Sign in again');
    }
    if (viewer && userId !== undefined && userId !== viewer.id) {
      throw new AppError('FORBIDDEN', 'userId does not match the signed-in member');
    }
  }

  return async (app) => {
    const route = routeGroup(app, { tags: ['likes'], errors: [400, 401, 403, 404, 429], auth: ctx.auth });

    route({
      method: 'GET',
      url: '/client/episodes/:id/like/check',
      access: 'guest-or-member',
      summary: 'Whether the member likes an episode, and its like count (guests: isLiked false)',
      params: idParamsSchema,
      response: likeStatusResponseSchema,
      handler: (viewer, request) => likes.status(viewer, request.params.id),
    });

    for (const { method, action, summary } of TOGGLES) {
      route({
        method,
        url: '/client/episodes/:id/like',
        access: 'guest-or-member',
        summary,
        params: idParamsSchema,
        querystring: likeQuerySchema,
        response: likeStatusResponseSchema,
        handler: async (viewer, request, reply) => {
          checkLiker(viewer, request.headers.authorization, request.query.userId);
          if (viewer) await enforceRateLimit(memberLimiter, `${viewer.id}`, reply);
          else await enforceRateLimit(limiter, `${action}:${request.ip}`, reply);
          return likes[action](viewer, request.params.id);
        },
      });
    }

    route({
      method: 'GET',
      url: '/client/likes',
      access: 'member',
      summary: 'The member’s liked episodes, newest first',
      querystring: pageQuerySchema,
      response: likeListResponseSchema,
      errors: [400, 401],
      handler: (viewer, request) => likes.list(viewer, request.query, requestLocale(request)),
    });
  };
}
