import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Locale } from '@drama/contracts';
import { readPreference, writePreference } from '../preferences/storage';
import { initialLocale } from '../preferences/preferences';
import { DICTIONARIES, errorText, translate, type Translate } from './translate';

interface I18n {
  locale: Locale;
  setLocale: (locale: Locale) => void;
  t: Translate;
  /** The translated text of a failed call's code. */
  errorText: (error: unknown) => string;
}

const I18nContext = createContext<I18n | null>(null);

export function I18nProvider({ children }: { children: ReactNode }) {
  const [locale, setLocaleState] = useState<Locale>(() => initialLocale(readPreference('locale'), navigator.language));
  const setLocale = useCallback((next: Locale) => {
    writePreference('locale', next);
    setLocaleState(next);
  }, []);
  const value = useMemo<I18n>(() => {
    const dictionary = DICTIONARIES[locale];
    return {
      locale,
      setLocale,
      t: (key, params) => translate(dictionary, key, params),
      errorText: (error) => errorText(dictionary, error),
    };
  }, [locale, setLocale]);
  return <I18nContext value={value}>{children}</I18nContext>;
}

export function useI18n(): I18n {
  const i18n = useContext(I18nContext);
  if (!i18n) throw new Error('useI18n outside I18nProvider');
  return i18n;
}
