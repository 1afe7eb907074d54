import { readFileSync } from 'node:fs';
import { LOCALES, STORAGE_KEYS, localeFromLanguageTag } from '@drama/contracts';
import { describe, expect, it } from 'vitest';

// index.html's inline script cannot import; this keeps its hand-copied keys and language rule
// equal to contracts.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

interface EarlyRun {
  lang: string;
  dark: boolean;
  fetched: string[];
  dictionary?: { locale: string };
}

/** Runs the early script against a stand-in browser; `addresses` replaces the build's mark. */
function runEarlyScript(options: { stored?: string | null; browserLanguage?: string; addresses?: Record<string, string> }): EarlyRun {
  const root = { lang: '', classList: { dark: false, toggle(_: string, on: boolean) { root.classList.dark = on; } } };
  const fetched: string[] = [];
  const window: Record<string, unknown> = {
    fetch: (url: string) => {
      fetched.push(url);
      return Promise.resolve({ ok: true, json: () => Promise.resolve({}) });
    },
  };
  const source = options.addresses ? script.replace('/* dictionary addresses */ {}', JSON.stringify(options.addresses)) : script;
  const run = new Function('window', 'document', 'localStorage', 'navigator', 'matchMedia', 'fetch', source);
  run(
    window,
    { documentElement: root },
    { getItem: (key: string) => (key === STORAGE_KEYS.language ? (options.stored ?? null) : null) },
    { language: options.browserLanguage ?? '' },
    () => ({ matches: true }),
    window.fetch,
  );
  return { lang: root.lang, dark: root.classList.dark, fetched, dictionary: window.__DRAMA_DICTIONARY__ as { locale: string } | undefined };
}

describe('index.html early script', () => {
  it('reads the theme and language under the contracts storage keys', () => {
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
  });

  it('accepts exactly the supported locales', () => {
    expect(html).toContain(`[${LOCALES.map((locale) => `'${locale}'`).join(', ')}]`);
  });

  it.each(['zh-TW', 'zh-HK', 'zh-Hant-TW', 'zh-CN', 'zh', 'zh-SG', 'en-GB', 'fr-FR', ''])(
    'picks the language of a browser in %j as localeFromLanguageTag does',
    (tag) => {
      expect(runEarlyScript({ browserLanguage: tag }).lang).toBe(localeFromLanguageTag(tag));
    },
  );

  it('prefers the stored language and ignores one it does not know', () => {
    expect(runEarlyScript({ stored: 'zh-Hant', browserLanguage: 'en-US' }).lang).toBe('zh-Hant');
    expect(runEarlyScript({ stored: 'klingon', browserLanguage: 'zh-CN' }).lang).toBe('zh-CN');
  });

  it("fetches only the visitor's dictionary once the build has written in the addresses", () => {
    const addresses = { 'en-US': '/assets/en-US-1.json', 'zh-CN': '/assets/zh-CN-1.json', 'zh-Hant': '/assets/zh-Hant-1.json' };
    const built = runEarlyScript({ browserLanguage: 'zh-TW', addresses });
    expect(built.fetched).toEqual(['/assets/zh-Hant-1.json']);
    expect(built.dictionary?.locale).toBe('zh-Hant');

    const development = runEarlyScript({ browserLanguage: 'zh-TW' });
    expect(development.fetched).toEqual([]);
    expect(development.dictionary).toBeUndefined();
  });
});
