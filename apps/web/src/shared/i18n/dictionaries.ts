import type { Locale } from '@drama/contracts';
import type { Dictionary } from './translator';
import enUS from './locales/en-US.json?url';
import zhCN from './locales/zh-CN.json?url';
import zhHant from './locales/zh-Hant.json?url';

/**
 * Dictionaries are data, fetched as JSON: a visitor downloads only the language they read, and
 * none of them weighs on the first page's JavaScript. index.html's early script starts the fetch
 * of the visitor's language before any module has loaded (vite.config.ts writes these addresses
 * into it).
 */
export const DICTIONARY_URLS: Record<Locale, string> = { 'en-US': enUS, 'zh-CN': zhCN, 'zh-Hant': zhHant };

declare global {
  interface Window {
    /** Set by index.html's early script: its fetch of the visitor's dictionary, null when it failed. */
    __DRAMA_DICTIONARY__?: { locale: string; dictionary: Promise<Dictionary | null> };
  }
}

async function fetchDictionary(locale: Locale): Promise<Dictionary> {
  const response = await fetch(DICTIONARY_URLS[locale]);
  if (!response.ok) throw new Error(`The ${locale} dictionary answered ${response.status}`);
  return (await response.json()) as Dictionary;
}

async function fetchWithOneRetry(locale: Locale): Promise<Dictionary> {
  const early = typeof window === 'undefined' ? undefined : window.__DRAMA_DICTIONARY__;
  if (early?.locale === locale) {
    window.__DRAMA_DICTIONARY__ = undefined;
    const dictionary = await early.dictionary;
    if (dictionary) return dictionary;
  }
  try {
    return await fetchDictionary(locale);
  } catch {
    return fetchDictionary(locale);
  }
}

const loaded = new Map<Locale, Promise<Dictionary>>();

/** One fetch per language per page load; a failed one may be tried again later. */
export function loadDictionary(locale: Locale): Promise<Dictionary> {
  let pending = loaded.get(locale);
  if (!pending) {
    pending = fetchWithOneRetry(locale);
    pending.catch(() => loaded.delete(locale));
    loaded.set(locale, pending);
  }
  return pending;
}
