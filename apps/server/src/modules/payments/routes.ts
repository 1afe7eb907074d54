import {
  API_BASE,
  channelParamsSchema,
  orderNoParamsSchema,
  paymentChannelListResponseSchema,
  sandboxCheckoutBodySchema,
  sandboxCheckoutQuerySchema,
  sandboxCheckoutResponseSchema,
  wechatOauthCallbackQuerySchema,
  wechatOauthQuerySchema,
} from '@drama/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../platform/errors.js';
import { requestLocale } from '../../platform/locale.js';
import { routeGroup } from '../../platform/route.js';
import {
  checkoutPage,
  notFoundPage,
  SANDBOX_PAGE_CSP,
  SANDBOX_SCRIPT,
  SANDBOX_SCRIPT_PATH,
  SANDBOX_STYLE,
  SANDBOX_STYLE_PATH,
} from './sandbox-page.js';
import type { PaymentService } from './service.js';
import { OAUTH_NONCE_COOKIE, OAUTH_NONCE_SECONDS, safeReturnPath } from './wechat-oauth.js';

const tags = ['payments'];

/** Where the payer reached this server (WeChat's OAuth returns here when PUBLIC_BASE_URL is unset). */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
/** Channels' notifications are small; anything bigger is not one. */
const NOTIFY_BODY_LIMIT = 64 * 1024;

/** The payment calls under /api/v1: channels on offer, the channels' notifications, the sandbox's Pay and Fail. */
export function paymentRoutes(payments: PaymentService): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags, errors: [400, 404] });

    route({
      method: 'GET',
      url: '/client/payments/channels',
      access: 'public',
      summary: 'The payment channels on offer; mode sandbox when no merchant settings are configured',
      response: paymentChannelListResponseSchema,
      errors: [],
      handler: async () => ({ items: payments.channels.offered() }),
    });

    // Signatures cover the body exactly as sent: these routes take it raw, whatever its type.
    await app.register(async (scope) => {
      scope.removeAllContentTypeParsers();
      scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: NOTIFY_BODY_LIMIT }, (_request, body, done) => {
        done(null, body);
      });
      routeGroup(scope.withTypeProvider<ZodTypeProvider>(), { tags, errors: [] }).raw({
        method: 'POST',
        url: '/payments/notify/:channel',
        access: 'public',
        summary:
          'A payment channel’s notification (public; verified by its signature). Answered in the channel’s terms: ' +
          'Alipay `success`, WeChat Pay `{"code":"SUCCESS"}`; refused with PAYMENT_SIGNATURE_INVALID, PAYMENT_AMOUNT_MISMATCH or ORDER_NOT_FOUND',
        params: channelParamsSchema,
        handler: async (request, reply) => {
          const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
          const answer = await payments.handleNotification(request.params.channel, { body, headers: request.headers }, { ip: request.ip });
          return reply.code(answer.status).type(answer.contentType).header('Cache-Control', 'no-store').send(answer.body);
        },
      });
    });

    route.raw({
      method: 'GET',
      url: '/payments/wechat/oauth',
      access: 'public',
      summary:
        'Inside WeChat: sends the payer to WeChat’s OAuth page (snsapi_base) for their openid, and back to `returnTo` ' +
        '(a /payment page of the app) with `wxOpenid`; NOT_FOUND when no official account is configured',
      querystring: wechatOauthQuerySchema,
      responses: { 302: z.null().describe('To WeChat’s authorize page') },
      handler: async (request, reply) => {
        const oauth = payments.wechatOauth();
        if (!oauth) throw new AppError('NOT_FOUND', 'No official account is configured for WeChat OAuth');
        const returnPath = safeReturnPath(request.query.returnTo);
        const made = returnPath ? oauth.states.issue(returnPath) : null;
        if (!made) throw new AppError('VALIDATION_FAILED', 'returnTo must be a /payment page of this app');
        return reply
          .header('Cache-Control', 'no-store')
          .setCookie(OAUTH_NONCE_COOKIE, made.nonce, {
            path: `${API_BASE}/payments/wechat/oauth`,
            httpOnly: true,
            sameSite: 'lax',
            secure: request.protocol === 'https',
            maxAge: OAUTH_NONCE_SECONDS,
          })
          .redirect(oauth.authorizeUrl(payments.wechatOauthCallbackUrl(requestOrigin(request)), made.state), 302);
      },
    });

    route.raw({
      method: 'GET',
      url: '/payments/wechat/oauth/callback',
      access: 'public',
      summary:
        'WeChat’s return from OAuth: exchanges the code for the payer’s openid (sns/oauth2/access_token) and sends the ' +
        'payer back to their page with `wxOpenid`, or with `wxOauth=failed` when WeChat refused',
      querystring: wechatOauthCallbackQuerySchema,
      responses: { 302: z.null().describe('Back to the app’s payment page') },
      handler: async (request, reply) => {
        const oauth = payments.wechatOauth();
        if (!oauth) throw new AppError('NOT_FOUND', 'No official account is configured for WeChat OAuth');
        const returnPath = oauth.states.returnPathOf(request.query.state, request.cookies[OAUTH_NONCE_COOKIE]);
        if (!returnPath) throw new AppError('VALIDATION_FAILED', 'The OAuth state is not one this server made for this browser');
        // One return per step: the nonce is used up.
        reply.clearCookie(OAUTH_NONCE_COOKIE, { path: `${API_BASE}/payments/wechat/oauth` });
        const [path = '', hash] = returnPath.split('#', 2);
        const join = (param: string) => `${path}${path.includes('?') ? '&' : '?'}${param}${hash === undefined ? '' : `#${hash}`}`;
        reply.header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer');
        const code = request.query.code;
        if (!code) return reply.redirect(join('wxOauth=failed'), 302);
        try {
          const openid = await oauth.openidFor(code);
          return await reply.redirect(join(`wxOpenid=${encodeURIComponent(openid)}`), 302);
        } catch (error) {
          request.log.warn({ err: error }, 'WeChat OAuth gave no openid');
          return reply.redirect(join('wxOauth=failed'), 302);
        }
      },
    });

    route({
      method: 'POST',
      url: '/sandbox/checkout/:orderNo',
      access: 'public',
      summary: 'The sandbox checkout’s Pay or Fail: sends the signed notification (only while the sandbox channel is on)',
      params: orderNoParamsSchema,
      body: sandboxCheckoutBodySchema,
      response: sandboxCheckoutResponseSchema,
      errors: [400, 404, 409],
      handler: (request) => payments.sandboxCheckout(request.params.orderNo, request.body.result, { ip: request.ip }),
    });
  };
}

/** The sandbox checkout page a sandbox QR code opens, outside /api/v1 (with its script and styles). */
export async function registerSandboxCheckout(root: FastifyInstance, payments: PaymentService): Promise<void> {
  const route = routeGroup(root.withTypeProvider<ZodTypeProvider>(), { tags, errors: [404] });

  route.raw({
    method: 'GET',
    url: SANDBOX_SCRIPT_PATH,
    access: 'public',
    hide: true,
    handler: async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(SANDBOX_SCRIPT),
  });
  route.raw({
    method: 'GET',
    url: SANDBOX_STYLE_PATH,
    access: 'public',
    hide: true,
    handler: async (_request, reply) => reply.type('text/css; charset=utf-8').header('Cache-Control', 'public, max-age=3600').send(SANDBOX_STYLE),
  });

  route.raw({
    method: 'GET',
    url: '/sandbox/checkout/:orderNo',
    access: 'public',
    hide: true,
    params: orderNoParamsSchema,
    querystring: sandboxCheckoutQuerySchema,
    handler: async (request, reply) => {
      const locale = requestLocale(request);
      reply
        .type('text/html; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .header('Content-Security-Policy', SANDBOX_PAGE_CSP)
        .header('Referrer-Policy', 'no-referrer')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Vary', 'Accept-Language');
      const view = await payments.sandboxCheckoutView(request.params.orderNo, locale, request.query);
      if (!view) return reply.code(404).send(notFoundPage(locale));
      return reply.send(checkoutPage(view, locale));
    },
  });
}
