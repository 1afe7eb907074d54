import type { Locale } from '@drama/contracts';

/** What index.html's early script leaves for the visited route's first call. */
interface EarlyCall {
  url: string;
  locale: string;
  signedIn: boolean;
  response: Promise<Response>;
}

declare global {
  interface Window {
    __DRAMA_EARLY_CALL__?: EarlyCall;
  }
}

/**
 * Hands over the early script's request once, if it is the one asked for: the same address,
 * language and sign-in state (the early script cannot know that a stored token is not used).
 */
export function takeEarlyResponse(url: string, locale: Locale, signedIn: boolean): Promise<Response> | undefined {
  const call = typeof window === 'undefined' ? undefined : window.__DRAMA_EARLY_CALL__;
  if (!call) return undefined;
  delete window.__DRAMA_EARLY_CALL__;
  return call.url === url && call.locale === locale && call.signedIn === signedIn ? call.response : undefined;
}
