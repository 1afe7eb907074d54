import { randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { ChannelError } from './channels/channel.js';

export interface WechatOauthSettings {
  /** The official account's app id and secret. */
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com */
  oauthBase: string;
  /** https://api.weixin.qq.com */
  apiBase: string;
  timeoutMs?: number;
}

const tokenAnswerSchema = z.object({ openid: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/) });
const errorAnswerSchema = z.object({ errcode: z.number(), errmsg: z.string().optional() });

/** WeChat's `state` is at most 128 bytes. */
const MAX_STATE = 128;

/**
 * Where the OAuth step may send the payer back: a page of the app's payment (a path, never
 * another site). Anything else is refused, so the step is no open redirect.
 */
export function safeReturnPath(returnTo: string): string | null {
  if (!/^\/payment(?:[/?#]|$)/.test(returnTo)) return null;
  if (/[\\\s]/.test(returnTo) || returnTo.startsWith('//')) return null;
  return returnTo;
}

/** The cookie that ties a return from WeChat to the browser that set out (SameSite=Lax: WeChat's redirect is a top-level GET). */
export const OAUTH_NONCE_COOKIE = 'wx_oauth_nonce';
export const OAUTH_NONCE_SECONDS = 600;

/**
 * The `state` carried through WeChat: a fresh nonce, also kept in this browser's cookie, and the
 * return path. A return whose nonce is not this browser's is refused, so nobody can send a payer
 * back from an OAuth step someone else began (with that someone's openid).
 */
export function newState(returnPath: string): { state: string; nonce: string } | null {
  const nonce = randomBytes(12).toString('base64url');
  const state = `${nonce}.${Buffer.from(returnPath, 'utf8').toString('base64url')}`;
  return state.length <= MAX_STATE ? { state, nonce } : null;
}

/** The return path of a state this browser's nonce made, checked again; null for any other. */
export function returnPathOf(state: string | undefined, cookieNonce: string | undefined): string | null {
  if (!state || !cookieNonce || state.length > MAX_STATE) return null;
  const found = /^([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]+)$/.exec(state);
  if (!found) return null;
  const [, nonce = '', path = ''] = found;
  const expected = Buffer.from(cookieNonce);
  if (expected.length !== nonce.length || !timingSafeEqual(expected, Buffer.from(nonce))) return null;
  return safeReturnPath(Buffer.from(path, 'base64url').toString('utf8'));
}

/**
 * The official account's web OAuth with scope snsapi_base (no consent screen): the payer is sent
 * to WeChat's authorize page and back to our callback with a code, which this server exchanges
 * (with the app secret, never seen by the browser) for the payer's openid.
 */
export class WechatOauth {
  constructor(private readonly settings: WechatOauthSettings) {}

  authorizeUrl(redirectUri: string, state: string): string {
    const query = new URLSearchParams({
      appid: this.settings.appId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'snsapi_base',
      state,
    });
    return `${this.settings.oauthBase}/connect/oauth2/authorize?${query.toString()}#wechat_redirect`;
  }

  /** `GET /sns/oauth2/access_token`: the openid a code stands for. Throws ChannelError when WeChat refuses or cannot be reached. */
  async openidFor(code: string): Promise<string> {
    const query = new URLSearchParams({
      appid: this.settings.appId,
      secret: this.settings.appSecret,
      code,
      grant_type: 'authorization_code',
    });
    let answer: unknown;
    try {
      const response = await fetch(`${this.settings.apiBase}/sns/oauth2/access_token?${query.toString()}`, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.settings.timeoutMs ?? 10_000),
      });
      answer = await response.json();
    } catch (error) {
      throw new ChannelError(`WeChat OAuth failed: ${(error as Error).message}`, undefined, { cause: error });
    }
    const token = tokenAnswerSchema.safeParse(answer);
    if (token.success) return token.data.openid;
    const refused = errorAnswerSchema.safeParse(answer);
    throw new ChannelError(
      refused.success ? `WeChat OAuth refused the code: ${refused.data.errcode} ${refused.data.errmsg ?? ''}`.trim() : 'WeChat OAuth answered with no openid',
      refused.success ? String(refused.data.errcode) : undefined,
    );
  }
}
