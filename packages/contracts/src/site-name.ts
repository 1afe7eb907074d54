import type { Locale } from './locale.js';

/* No zod here: the first page imports this, and must not load zod (apps/web's budget). */

/**
 * The product's own name in each language. A site name that is one of these, or empty, is the
 * product's name and is written in the reader's language (titles, headers, `{platformName}` in
 * the legal texts); a name an operator chose is shown as they wrote it, in every language.
 */
export const PRODUCT_NAMES = {
  'zh-CN': '星河短剧',
  'zh-Hant': '星河短劇',
  'en-US': 'Starriver Shorts',
} as const satisfies Record<Locale, string>;

const productNames: ReadonlySet<string> = new Set(Object.values(PRODUCT_NAMES));

/** The site's name as a reader of `locale` sees it. */
export function siteNameIn(siteName: string | null | undefined, locale: Locale): string {
  const name = siteName?.trim() ?? '';
  return name === '' || productNames.has(name) ? PRODUCT_NAMES[locale] : name;
}
