import { API_BASE, type JsapiParams } from '@drama/contracts';
import { readWatchTarget, type WatchTarget } from '../../../shared/watch-target/watch-target';

interface WeixinJSBridge {
  invoke(name: 'getBrandWCPayRequest', params: JsapiParams, done: (answer: { err_msg?: string }) => void): void;
}

declare global {
  interface Window {
    WeixinJSBridge?: WeixinJSBridge;
  }
}

/** The server's OAuth step for the payer's openid inside WeChat, coming back to the payment page of `orderId`. */
export function wechatOauthPath(orderId: number): string {
  return `${API_BASE}/payments/wechat/oauth?returnTo=${encodeURIComponent(`/payment?orderId=${orderId}`)}`;
}

const tripKey = (orderId: number) => `wechat-oauth:${orderId}`;

/** Notes, for this tab, that the payer set out on the OAuth step for this order. */
export function beginOauthTrip(orderId: number): void {
  try {
    window.sessionStorage.setItem(tripKey(orderId), String(Date.now()));
  } catch {
    // Storage refused: the openid that comes back is then not taken, and Pay asks again.
  }
}

/**
 * Whether an openid in the address comes back from a trip this tab began: one in a link someone
 * else made (their openid, to make this payer's order theirs) is not taken.
 */
export function oauthTripOpen(orderId: number): boolean {
  try {
    const began = Number(window.sessionStorage.getItem(tripKey(orderId)));
    return began > 0 && Date.now() - began < 10 * 60_000;
  } catch {
    return false;
  }
}

export function endOauthTrip(orderId: number): void {
  try {
    window.sessionStorage.removeItem(tripKey(orderId));
  } catch {
    // Nothing kept.
  }
}

/** The result page a payment on the phone comes back to (as the channels' pages return). */
export function returnedResultPath(orderId: number): string {
  return `/payment/result?orderId=${orderId}&returned=1`;
}

/** WeChat's own browser has its bridge once it says so. */
function bridge(timeoutMs = 3_000): Promise<WeixinJSBridge | null> {
  if (window.WeixinJSBridge) return Promise.resolve(window.WeixinJSBridge);
  return new Promise((resolve) => {
    const timer = window.setTimeout(() => resolve(null), timeoutMs);
    document.addEventListener(
      'WeixinJSBridgeReady',
      () => {
        window.clearTimeout(timer);
        resolve(window.WeixinJSBridge ?? null);
      },
      { once: true },
    );
  });
}

/** Pays with WeChat's JSAPI: `ok` paid (to be confirmed by the server), `cancel` the payer closed it, `fail` otherwise. */
export async function payWithWeixinBridge(params: JsapiParams): Promise<'ok' | 'cancel' | 'fail'> {
  const weixin = await bridge();
  if (!weixin) return 'fail';
  return new Promise((resolve) => {
    weixin.invoke('getBrandWCPayRequest', params, (answer) => {
      const said = answer.err_msg ?? '';
      resolve(said.endsWith(':ok') ? 'ok' : said.endsWith(':cancel') ? 'cancel' : 'fail');
    });
  });
}

const targetKey = (orderId: number) => `payment-target:${orderId}`;

/**
 * The channels' pages return to an address the server gives, without the episode this purchase
 * unlocks: kept for the tab while the payer is away, so the result still leads back to it.
 */
export function rememberTarget(orderId: number, target: WatchTarget | null): void {
  try {
    if (target) window.sessionStorage.setItem(targetKey(orderId), `drama=${target.dramaId}&episode=${target.episodeId}`);
  } catch {
    // Storage refused (private mode): the result then leads to the home page.
  }
}

export function rememberedTarget(orderId: number): WatchTarget | null {
  try {
    const kept = window.sessionStorage.getItem(targetKey(orderId));
    return kept ? readWatchTarget(new URLSearchParams(kept)) : null;
  } catch {
    return null;
  }
}
