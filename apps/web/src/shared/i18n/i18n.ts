import i18next, { type BackendModule, type ParseKeys } from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import { FALLBACK_LOCALE, LOCALES, STORAGE_KEYS, isLocale, localeFromLanguageTag, type Locale } from '@drama/contracts';
import { readString, writeString } from '../storage/local-storage';
import enUS, { type Messages } from './locales/en-US';

export type TranslationKey = ParseKeys;

// English is the fallback and always bundled; the Chinese resources load on demand so a
// visitor downloads only the language they read.
const lazyResources: Record<Exclude<Locale, 'en-US'>, () => Promise<{ default: Messages }>> = {
  'zh-CN': () => import('./locales/zh-CN'),
  'zh-Hant': () => import('./locales/zh-Hant'),
};

const lazyBackend: BackendModule = {
  type: 'backend',
  init: () => undefined,
  read(language, _namespace, callback) {
    const load = language in lazyResources ? lazyResources[language as keyof typeof lazyResources] : undefined;
    if (!load) {
      callback(null, language === 'en-US' ? enUS : {});
      return;
    }
    load().then(
      (module) => callback(null, module.default),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Stored choice first, then the browser's language by the spec's rule (section 4). */
export function detectInitialLocale(): Locale {
  const stored = readString(STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LOCALE;
  return localeFromLanguageTag(navigator.language);
}

export function currentLocale(): Locale {
  const language = i18next.resolvedLanguage ?? i18next.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}

export async function initI18n(): Promise<void> {
  const lng = detectInitialLocale();
  await i18next
    .use(lazyBackend)
    .use(initReactI18next)
    .init({
      lng,
      fallbackLng: FALLBACK_LOCALE,
      supportedLngs: LOCALES,
      load: 'currentOnly',
      resources: { 'en-US': { translation: enUS } },
      partialBundledLanguages: true,
      ns: ['translation'],
      defaultNS: 'translation',
      // React escapes output already.
      interpolation: { escapeValue: false },
      // Switching waits for the new resource, so screens never flash raw keys.
      react: { useSuspense: false },
      returnNull: false,
    });
  document.documentElement.lang = currentLocale();
}

export async function changeLocale(locale: Locale): Promise<void> {
  await i18next.changeLanguage(locale);
  writeString(STORAGE_KEYS.language, locale);
  document.documentElement.lang = locale;
}

/** The active locale, re-rendering on change; query keys include it. */
export function useLocale(): Locale {
  const { i18n } = useTranslation();
  const language = i18n.resolvedLanguage ?? i18n.language;
  return isLocale(language) ? language : FALLBACK_LOCALE;
}
