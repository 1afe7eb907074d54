import type { AlipaySettings } from '../../src/modules/payments/channels/alipay.js';
import type { QrPaymentRequest } from '../../src/modules/payments/channels/channel.js';
import type { WechatSettings } from '../../src/modules/payments/channels/wechat.js';
import { startedPerFile } from './per-file.js';
import { type ChannelKeys, channelKeys, type PaymentStandIn, startPaymentStandIn } from './payment-stand-ins.js';

export interface LiveChannels {
  keys: ChannelKeys;
  /** Runs from before the file's first test to after its last. */
  standIn: PaymentStandIn;
}

/**
 * Fresh keys for both channels and one stand-in of both speaking with them, for a whole test
 * file: making RSA keys takes a while, so a file makes them once.
 */
export function useLiveChannels(): LiveChannels {
  const keys = channelKeys();
  const standIn = startedPerFile('the payment stand-in', () => startPaymentStandIn(keys), (started) => started.close(), 120_000);
  return { keys, standIn };
}

/** Our Alipay channel's settings against the stand-in. */
export function alipaySettings({ keys, standIn }: LiveChannels): AlipaySettings {
  return {
    appId: keys.alipay.appId,
    privateKey: keys.alipay.app.privateKey,
    alipayPublicKey: keys.alipay.alipay.publicKey,
    gateway: `${standIn.url}/gateway.do`,
    timeoutMs: 5_000,
  };
}

/** Our WeChat Pay channel's settings against the stand-in. */
export function wechatSettings({ keys, standIn }: LiveChannels): WechatSettings {
  return {
    mchId: keys.wechat.mchId,
    appId: keys.wechat.appId,
    serialNo: keys.wechat.serialNo,
    privateKey: keys.wechat.merchant.privateKey,
    apiV3Key: keys.wechat.apiV3Key,
    platformPublicKey: keys.wechat.platform.publicKey,
    apiBase: standIn.url,
    timeoutMs: 5_000,
  };
}

/** Order numbers no other test of the file uses, and the request that opens a QR payment for one. */
export function qrPaymentOrders(channel: 'alipay' | 'wechat', prefix: string, subject: string) {
  let sequence = 0;
  return {
    orderNo(): string {
      sequence += 1;
      return `${prefix}${String(sequence).padStart(6, '0')}`;
    },
    request(orderNo: string, amountFen = 3000): QrPaymentRequest {
      return {
        orderNo,
        amountFen,
        subject,
        expiresAt: new Date('2026-01-15T04:15:00Z'),
        notifyUrl: `https://pay.example.test/api/v1/payments/notify/${channel}`,
        origin: 'https://pay.example.test',
      };
    },
  };
}
