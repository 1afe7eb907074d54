import {
  API_BASE,
  apiPaths,
  type ConsolePaymentChannel,
  type ConsolePaymentChannels,
  consolePaymentChannelsResponseSchema,
  PAYMENT_CHANNELS,
} from '@drama/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../platform/context.js';
import type { Config } from '../../platform/config.js';
import { routeGroup } from '../../platform/route.js';
import type { PaymentChannels } from './channel-registry.js';

/** The owner configures the channels; finance settles what they bring in. */
const READERS = ['finance'] as const;

/** A merchant identifier with its middle hidden: `2021********0001`, `19****09`. */
export function maskIdentifier(value: string): string {
  if (value.length <= 4) return '*'.repeat(value.length);
  const keep = value.length > 10 ? 4 : 2;
  return `${value.slice(0, keep)}${'*'.repeat(value.length - keep * 2)}${value.slice(-keep)}`;
}

/**
 * What the console may know about the payment channels: offered or not, live or sandbox, the
 * default, the masked merchant ids and the notify address. Built from names listed here, never
 * by copying the config, so that a key added to the config later cannot leak through this call.
 */
export function describeChannels(config: Config, channels: PaymentChannels, origin: string): ConsolePaymentChannels {
  const base = config.PUBLIC_BASE_URL ?? origin;
  const offered = channels.offered();
  const items = PAYMENT_CHANNELS.map((id): ConsolePaymentChannel => {
    const mode = channels.modeOf(id) ?? null;
    const identifiers: ConsolePaymentChannel['identifiers'] = [];
    if (mode === 'live' && id === 'alipay' && config.ALIPAY_APP_ID) identifiers.push({ name: 'appId', value: maskIdentifier(config.ALIPAY_APP_ID) });
    if (mode === 'live' && id === 'wechat') {
      if (config.WECHAT_MCH_ID) identifiers.push({ name: 'mchId', value: maskIdentifier(config.WECHAT_MCH_ID) });
      if (config.WECHAT_APP_ID) identifiers.push({ name: 'appId', value: maskIdentifier(config.WECHAT_APP_ID) });
    }
    const key = mode === 'sandbox' ? 'sandbox' : id;
    return {
      id,
      offered: mode !== null,
      mode,
      isDefault: offered[0]?.id === id,
      identifiers,
      notifyUrl: `${base}${API_BASE}${apiPaths.paymentNotify(key)}`,
    };
  });
  return { items, sandboxEnabled: channels.sandbox !== null, publicBaseUrl: config.PUBLIC_BASE_URL ?? null };
}

/** The payment channels' state in the console; register under `/console`. */
export function paymentChannelConsoleRoutes(ctx: AppContext, channels: PaymentChannels): FastifyPluginAsyncZod {
  return async (app) => {
    const route = routeGroup(app, { tags: ['console: settings'], errors: [401, 403], operators: ctx.operators });

    route({
      method: 'GET',
      url: '/payment-channels',
      access: 'console',
      role: READERS,
      summary: 'Which payment channels are offered, live or sandbox, and the default; ids masked, no keys',
      response: consolePaymentChannelsResponseSchema,
      handler: async (_actor, request) => describeChannels(ctx.config, channels, `${request.protocol}://${request.host}`),
    });
  };
}
