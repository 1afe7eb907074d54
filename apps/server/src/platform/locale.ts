import { localeFromAcceptLanguage, type Locale, type LocalizedText } from '@drama/contracts';
import type { FastifyRequest } from 'fastify';

// Browsers send a handful of distinct Accept-Language values, and the hot reads ask for the
// locale twice per request (the response cache's key, then the handler): remember the answers.
const known = new Map<string, Locale>();
const KNOWN_MAX = 1_000;

export function requestLocale(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  if (header === undefined) return localeFromAcceptLanguage(header);
  let locale = known.get(header);
  if (locale === undefined) {
    locale = localeFromAcceptLanguage(header);
    if (known.size >= KNOWN_MAX) known.clear();
    known.set(header, locale);
  }
  return locale;
}

export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] || text['zh-CN'] || text['en-US'];
}
