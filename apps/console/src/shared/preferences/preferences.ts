import { isLocale, localeFromLanguageTag, type Locale } from '@drama/contracts';

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];
export type ResolvedTheme = 'light' | 'dark';

/** The remembered locale, else the browser's language by the product's rule. */
export function initialLocale(stored: string | null, browserLanguage: string | undefined): Locale {
  return isLocale(stored) ? stored : localeFromLanguageTag(browserLanguage);
}

export function initialThemeChoice(stored: string | null): ThemeChoice {
  return (THEME_CHOICES as readonly string[]).includes(stored ?? '') ? (stored as ThemeChoice) : 'system';
}

export function resolveTheme(choice: ThemeChoice, systemDark: boolean): ResolvedTheme {
  if (choice === 'system') return systemDark ? 'dark' : 'light';
  return choice;
}
