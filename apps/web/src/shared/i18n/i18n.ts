import { useSyncExternalStore } from 'react';
import { FALLBACK_LOCALE, STORAGE_KEYS, isLocale, localeFromLanguageTag, type Locale } from '@drama/contracts';
import { readString, writeString } from '../storage/local-storage';
import { loadDictionary } from './dictionaries';
import type enUS from './locales/en-US.json';
import { createTranslator, type TranslateValues } from './translator';

/** Every leaf of the English dictionary as "a.b.c"; the others are tested to have the same keys. */
type Leaves<T, Prefix extends string = ''> = {
  [K in keyof T & string]: T[K] extends string ? `${Prefix}${K}` : Leaves<T[K], `${Prefix}${K}.`>;
}[keyof T & string];
type LeafKey = Leaves<typeof enUS>;
type PluralBase<K> = K extends `${infer Base}_${'one' | 'other'}` ? Base : never;

/** A misspelt key is a compile error, not a raw key on screen. Plurals are asked for by their base. */
export type TranslationKey = LeafKey | PluralBase<LeafKey>;
export type TFunction = (key: TranslationKey, values?: TranslateValues) => string;

interface I18nState {
  locale: Locale;
  t: TFunction;
}

let state: I18nState = { locale: FALLBACK_LOCALE, t: (key) => key };
const listeners = new Set<() => void>();

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

async function activate(locale: Locale): Promise<void> {
  const dictionary = await loadDictionary(locale);
  state = { locale, t: createTranslator(locale, dictionary) as TFunction };
  document.documentElement.lang = locale;
  for (const listener of listeners) listener();
}

/** Stored choice first, then the browser's language by the spec's rule (section 4). */
export function detectInitialLocale(): Locale {
  const stored = readString(STORAGE_KEYS.language);
  if (isLocale(stored)) return stored;
  if (typeof navigator === 'undefined') return FALLBACK_LOCALE;
  return localeFromLanguageTag(navigator.language);
}

/**
 * The locale is known at once, so start-up calls can send it while the dictionary loads; the
 * app renders when the promise settles, so no screen shows raw keys.
 */
export function initI18n(): Promise<void> {
  state = { ...state, locale: detectInitialLocale() };
  return activate(state.locale);
}

/** Switching waits for the new dictionary, so the screen changes language in one step. */
export async function changeLocale(locale: Locale): Promise<void> {
  await activate(locale);
  writeString(STORAGE_KEYS.language, locale);
}

/** Shows a locale without keeping it as the viewer's choice (the console's legal preview). */
export function showLocale(locale: Locale): Promise<void> {
  return locale === state.locale ? Promise.resolve() : activate(locale);
}

export function currentLocale(): Locale {
  return state.locale;
}

export function useTranslation(): { t: TFunction } {
  return { t: useSyncExternalStore(subscribe, () => state.t) };
}

/** The active locale, re-rendering on change; query keys include it. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, () => state.locale);
}
