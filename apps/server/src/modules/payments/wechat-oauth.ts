import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { base62Decode, base62Encode } from './base62.js';
import { ChannelError } from './channels/channel.js';

export interface WechatOauthSettings {
  /** The official account's app id and secret. */
  appId: string;
  appSecret: string;
  /** https://open.weixin.qq.com */
  oauthBase: string;
  /** https://api.weixin.qq.com */
  apiBase: string;
  /** This server's key for the `state` it sends through WeChat (oauthStateKey). */
  stateKey: Buffer;
  timeoutMs?: number;
}

const tokenAnswerSchema = z.object({ openid: z.string().regex(/^[A-Za-z0-9_-]{6,64}$/) });
const errorAnswerSchema = z.object({ errcode: z.number(), errmsg: z.string().optional() });

/** WeChat's `state` is at most 128 bytes, of [A-Za-z0-9] only. */
const MAX_STATE = 128;

/**
 * Where the OAuth step may send the payer back: a page of the app's payment (a path, never
 * another site). Anything else is refused, so the step is no open redirect.
 */
export function safeReturnPath(returnTo: string): string | null {
  if (!/^\/payment(?:[/?#]|$)/.test(returnTo)) return null;
  if (/[\\\s]/.test(returnTo) || returnTo.startsWith('//')) return null;
  // Dot segments, however encoded, would lead the payer's openid out of /payment (`/payment/../me`).
  const pathname = returnTo.split(/[?#]/)[0] ?? '';
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.split('/').some((segment) => segment === '.' || segment === '..')) return null;
  return returnTo;
}

/** The cookie that ties a return from WeChat to the browser that set out (SameSite=Lax: WeChat's redirect is a top-level GET). */
export const OAUTH_NONCE_COOKIE = 'wx_oauth_nonce';
export const OAUTH_NONCE_SECONDS = 600;

const NONCE_BYTES = 12;
/** HMAC-SHA256 cut to 128 bits: plenty for a value that lives ten minutes. */
const TAG_BYTES = 16;

/**
 * The `state` carried through WeChat. WeChat takes only [A-Za-z0-9] and at most 128 bytes, so it
 * is one base62 word holding a fresh nonce (also kept in this browser's cookie), the return path
 * and a MAC of both under a key of this server's. A return whose nonce is not this browser's is
 * refused, so nobody can send a payer back from an OAuth step someone else began (with that
 * someone's openid); one whose MAC does not verify is refused, so nobody can make up or change
 * where a state leads.
 */
export class OauthStates {
  constructor(
    /** This server's key for states (derived from its secret for this use alone). */
    private readonly key: Buffer,
  ) {}

  private tag(nonce: Buffer, path: Buffer): Buffer {
    return createHmac('sha256', this.key).update('wechat-oauth-state\n').update(nonce).update(path).digest().subarray(0, TAG_BYTES);
  }

  /** A new state leading back to `returnPath`, and the nonce for the cookie; null when the path is too long to fit. */
  issue(returnPath: string): { state: string; nonce: string } | null {
    const nonce = randomBytes(NONCE_BYTES);
    const path = Buffer.from(returnPath, 'utf8');
    const state = base62Encode(Buffer.concat([nonce, this.tag(nonce, path), path]));
    return Buffer.byteLength(state) <= MAX_STATE ? { state, nonce: nonce.toString('base64url') } : null;
  }

  /** The return path of a state this server made for this browser's nonce, checked again; null for any other. */
  returnPathOf(state: string | undefined, cookieNonce: string | undefined): string | null {
    if (!state || !cookieNonce || state.length > MAX_STATE) return null;
    const payload = base62Decode(state);
    if (!payload || payload.length <= NONCE_BYTES + TAG_BYTES) return null;
    const nonce = payload.subarray(0, NONCE_BYTES);
    const tag = payload.subarray(NONCE_BYTES, NONCE_BYTES + TAG_BYTES);
    const path = payload.subarray(NONCE_BYTES + TAG_BYTES);
    if (!/^[A-Za-z0-9_-]{16}$/.test(cookieNonce)) return null;
    const expected = Buffer.from(cookieNonce, 'base64url');
    if (expected.length !== NONCE_BYTES || !timingSafeEqual(expected, nonce)) return null;
    if (!timingSafeEqual(tag, this.tag(nonce, path))) return null;
    return safeReturnPath(path.toString('utf8'));
  }
}

/** The key of OauthStates, from this server's one secret (JWT_SECRET, or the one kept under DATA_DIR). */
export function oauthStateKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', serverSecret, 'drama', 'drama:wechat-oauth-state', 32));
}

/**
 * The official account's web OAuth with scope snsapi_base (no consent screen): the payer is sent
 * to WeChat's authorize page and back to our callback with a code, which this server exchanges
 * (with the app secret, never seen by the browser) for the payer's openid.
 */
export class WechatOauth {
  readonly states: OauthStates;

  constructor(private readonly settings: WechatOauthSettings) {
    this.states = new OauthStates(settings.stateKey);
  }

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
