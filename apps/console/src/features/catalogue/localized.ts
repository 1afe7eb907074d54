import type { Locale } from '@drama/contracts';

type Texts = Record<Locale, string>;

/** A stored text in the operator's language, or another language's when that one is empty. */
export function inLocale(texts: Texts, locale: Locale): string {
  return texts[locale] || texts['en-US'] || texts['zh-CN'] || texts['zh-Hant'];
}

export const LOCALES: readonly Locale[] = ['zh-CN', 'zh-Hant', 'en-US'];
