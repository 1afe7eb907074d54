// No zod here: the web app's first page needs the locales, not the schemas (locale-schemas.ts).

export const LOCALES = ['zh-CN', 'zh-Hant', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en-US';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/**
 * The spec's language rule (section 4): Chinese with tw or hk is Traditional, other Chinese is
 * Simplified, anything else is English. Used by the browser and by the server for Accept-Language.
 */
export function localeFromLanguageTag(tag: string | null | undefined): Locale {
  const lower = (tag ?? '').trim().toLowerCase();
  if (!lower.startsWith('zh')) return FALLBACK_LOCALE;
  if (/(^|-)(tw|hk|mo|hant)($|-)/.test(lower)) return 'zh-Hant';
  return 'zh-CN';
}

/** Picks the first supported locale from an Accept-Language header. */
export function localeFromAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return FALLBACK_LOCALE;
  const first = header.split(',')[0]?.split(';')[0];
  return localeFromLanguageTag(first);
}
