import { PAYMENT_CHANNELS, type PaymentChannel, type PaymentChannelId } from '@drama/contracts';
import type { Db } from '../../db/database.js';
import type { Config } from '../../platform/config.js';
import type { ChannelKey, PaymentChannelAdapter } from './channels/channel.js';
import { SandboxChannel } from './channels/sandbox.js';
import { WechatChannel } from './channels/wechat.js';

export type ChannelMode = PaymentChannel['mode'];

/**
 * Which channels are offered and who serves each (DESIGN.md section 5, PAYMENT_CHANNELS):
 * `alipay` and `wechat` listed are live (config.ts has made sure their settings are there);
 * with `sandbox` listed, the sandbox serves whichever of the two is not live. An order keeps
 * the mode it was made in, so switching modes never lets a sandbox notification settle a
 * live order or the other way round.
 */
export class PaymentChannels {
  private readonly modes = new Map<PaymentChannelId, ChannelMode>();

  /**
   * Builds the adapters PAYMENT_CHANNELS lists. The Alipay SDK is loaded only when Alipay is
   * live: it is heavy, and most starts (development, tests, the demo) never use it.
   */
  static async create(config: Config, db: Db, options: { sandboxSecret: () => string; clock: () => Date }): Promise<PaymentChannels> {
    const listed = new Set(config.PAYMENT_CHANNELS.split(',').map((name) => name.trim()));
    const live = new Map<PaymentChannelId, PaymentChannelAdapter>();
    if (listed.has('alipay') && config.ALIPAY_APP_ID && config.ALIPAY_PRIVATE_KEY && config.ALIPAY_PUBLIC_KEY) {
      const { AlipayChannel } = await import('./channels/alipay.js');
      live.set(
        'alipay',
        new AlipayChannel({
          appId: config.ALIPAY_APP_ID,
          privateKey: config.ALIPAY_PRIVATE_KEY,
          alipayPublicKey: config.ALIPAY_PUBLIC_KEY,
          gateway: config.ALIPAY_GATEWAY,
        }),
      );
    }
    if (
      listed.has('wechat') &&
      config.WECHAT_MCH_ID &&
      config.WECHAT_APP_ID &&
      config.WECHAT_SERIAL_NO &&
      config.WECHAT_PRIVATE_KEY &&
      config.WECHAT_API_V3_KEY &&
      config.WECHAT_PLATFORM_PUBLIC_KEY
    ) {
      live.set(
        'wechat',
        new WechatChannel({
          mchId: config.WECHAT_MCH_ID,
          appId: config.WECHAT_APP_ID,
          serialNo: config.WECHAT_SERIAL_NO,
          privateKey: config.WECHAT_PRIVATE_KEY,
          apiV3Key: config.WECHAT_API_V3_KEY,
          platformPublicKey: config.WECHAT_PLATFORM_PUBLIC_KEY,
          apiBase: config.WECHAT_API_BASE,
          jsapiAppId: config.WECHAT_MP_APP_ID,
          clock: options.clock,
        }),
      );
    }
    const sandbox = listed.has('sandbox') ? new SandboxChannel(db, options.sandboxSecret(), options.clock) : null;
    return new PaymentChannels(live, sandbox);
  }

  private constructor(
    private readonly live: Map<PaymentChannelId, PaymentChannelAdapter>,
    readonly sandbox: SandboxChannel | null,
  ) {
    for (const id of PAYMENT_CHANNELS) {
      if (this.live.has(id)) this.modes.set(id, 'live');
      else if (this.sandbox) this.modes.set(id, 'sandbox');
    }
  }

  /** The channels a member can pay with now. */
  offered(): PaymentChannel[] {
    return PAYMENT_CHANNELS.flatMap((id) => {
      const mode = this.modes.get(id);
      return mode ? [{ id, mode }] : [];
    });
  }

  /** The mode a new order of this channel is made in; undefined when the channel is not offered. */
  modeOf(id: PaymentChannelId): ChannelMode | undefined {
    return this.modes.get(id);
  }

  /** The adapter that serves an order made in `mode`; null when that side is not configured any more. */
  forOrder(order: { channel: PaymentChannelId; channel_mode: ChannelMode }): PaymentChannelAdapter | null {
    if (order.channel_mode === 'sandbox') return this.sandbox;
    return this.live.get(order.channel) ?? null;
  }

  /** The live channels whose refunds can be asked about (the others tell refund results by notification). */
  refundQueryChannels(): PaymentChannelId[] {
    return [...this.live].flatMap(([id, adapter]) => (adapter.queryRefund ? [id] : []));
  }

  /** The adapter a notification path names. */
  byKey(key: ChannelKey): PaymentChannelAdapter | null {
    if (key === 'sandbox') return this.sandbox;
    return this.live.get(key) ?? null;
  }

  /** Which adapter settles an order: its live channel, or the sandbox. */
  static keyOf(order: { channel: PaymentChannelId; channel_mode: ChannelMode }): ChannelKey {
    return order.channel_mode === 'sandbox' ? 'sandbox' : order.channel;
  }
}
