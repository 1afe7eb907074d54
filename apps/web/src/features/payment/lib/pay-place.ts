import type { PaymentChannelId, PaymentMode } from '@drama/contracts';

/**
 * Where the payment page runs, which decides how it pays: inside WeChat's own browser (JSAPI),
 * on a phone (the channel's page in its browser), or on a computer (a QR code to scan with a phone).
 */
export type PayPlace = 'wechat' | 'phone' | 'computer';

/** Narrower than this is a phone's screen (a tablet or a computer's window is wider). */
export const PHONE_MAX_WIDTH = 767;

export interface PlaceSignals {
  userAgent: string;
  /** The primary pointer is a finger: `(pointer: coarse)`. */
  coarsePointer: boolean;
  width: number;
}

/** WeChat by its user agent (its browser says MicroMessenger); a phone by touch and width, never the user agent alone. */
export function payPlaceOf({ userAgent, coarsePointer, width }: PlaceSignals): PayPlace {
  if (/MicroMessenger/i.test(userAgent)) return 'wechat';
  return coarsePointer && width <= PHONE_MAX_WIDTH ? 'phone' : 'computer';
}

export function currentPayPlace(): PayPlace {
  if (typeof window === 'undefined') return 'computer';
  return payPlaceOf({
    userAgent: window.navigator.userAgent,
    coarsePointer: window.matchMedia?.('(pointer: coarse)').matches ?? false,
    width: window.innerWidth,
  });
}

/** How a channel is paid where the page runs: Alipay has no JSAPI, so inside WeChat it opens its page too. */
export function payModeFor(place: PayPlace, channel: PaymentChannelId): PaymentMode {
  if (place === 'computer') return 'qr';
  return place === 'wechat' && channel === 'wechat' ? 'jsapi' : 'wap';
}
