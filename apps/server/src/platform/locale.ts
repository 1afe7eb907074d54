import { localeFromAcceptLanguage, type Locale, type LocalizedText } from '@drama/contracts';
import type { FastifyRequest } from 'fastify';

export function requestLocale(request: FastifyRequest): Locale {
  return localeFromAcceptLanguage(request.headers['accept-language']);
}

export function pickText(text: LocalizedText, locale: Locale): string {
  return text[locale] || text['zh-CN'] || text['en-US'];
}
