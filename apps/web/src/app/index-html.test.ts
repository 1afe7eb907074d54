import { readFileSync } from 'node:fs';
import { LOCALES, STORAGE_KEYS, localeFromLanguageTag } from '@drama/contracts';
import { describe, expect, it } from 'vitest';
import { routePattern } from './route-preloads';

// index.html's inline script cannot import; this keeps its hand-copied keys and language rule
// equal to contracts.
const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';

interface EarlyRun {
  lang: string;
  dark: boolean;
  fetched: string[];
  requests: { url: string; headers: Record<string, string> | undefined }[];
  links: { rel: string; as?: string; crossOrigin?: string; href: string }[];
  /** How many of the links the script itself added; the rest came in later tasks. */
  inScript: number;
  dictionary?: { locale: string };
  call?: { url: string; locale: string; signedIn: boolean };
}

/** Runs the early script against a stand-in browser; `addresses` replaces the build's mark. */
function runEarlyScript(options: {
  stored?: string | null;
  token?: string;
  browserLanguage?: string;
  addresses?: Record<string, string>;
  routes?: [string, string[], string | null][];
  pathname?: string;
}): EarlyRun {
  const root = { lang: '', classList: { dark: false, toggle(_: string, on: boolean) { root.classList.dark = on; } } };
  const requests: EarlyRun['requests'] = [];
  const links: EarlyRun['links'] = [];
  const window: Record<string, unknown> = {
    fetch: (url: string, init?: { headers?: Record<string, string> }) => {
      requests.push({ url, headers: init?.headers });
      return Promise.resolve({ ok: true, json: () => Promise.resolve({}) });
    },
  };
  let source = options.addresses ? script.replace('/* dictionary addresses */ {}', JSON.stringify(options.addresses)) : script;
  if (options.routes) source = source.replace('/* route preloads */ []', JSON.stringify(options.routes));
  const stored: Record<string, string | undefined> = { [STORAGE_KEYS.language]: options.stored ?? undefined, [STORAGE_KEYS.token]: options.token };
  // Timers run only when the test says so (`later`), as tasks after the script's own.
  const timers: (() => void)[] = [];
  const later = () => {
    for (let timer = timers.shift(); timer; timer = timers.shift()) timer();
  };
  const run = new Function('window', 'document', 'localStorage', 'navigator', 'matchMedia', 'fetch', 'location', 'setTimeout', source);
  run(
    window,
    {
      documentElement: root,
      head: { appendChild: (link: EarlyRun['links'][number]) => links.push({ ...link }) },
      createElement: () => ({}),
    },
    { getItem: (key: string) => stored[key] ?? null },
    { language: options.browserLanguage ?? '' },
    () => ({ matches: true }),
    window.fetch,
    { pathname: options.pathname ?? '/' },
    (callback: () => void) => timers.push(callback),
  );
  const inScript = links.length;
  later();
  return {
    lang: root.lang,
    dark: root.classList.dark,
    fetched: requests.map((request) => request.url),
    requests,
    links,
    inScript,
    dictionary: window.__DRAMA_DICTIONARY__ as { locale: string } | undefined,
    call: window.__DRAMA_EARLY_CALL__ as EarlyRun['call'],
  };
}

describe('index.html early script', () => {
  it('reads the theme, language and token under the contracts storage keys', () => {
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.theme}')`);
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.language}')`);
    expect(html).toContain(`localStorage.getItem('${STORAGE_KEYS.token}')`);
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

  describe("the visited route's preloads", () => {
    const routes: [string, string[], string | null][] = [
      [routePattern('/explore'), ['/assets/explore-page-1.js', '/assets/explore-page-1.css'], null],
      [routePattern('/player/:id'), ['/assets/player-page-1.js'], '/api/v1/client/dramas/$1'],
    ];

    it('preloads the chunks of the route it is on, and only those', () => {
      const explore = runEarlyScript({ routes, pathname: '/explore' });
      expect(explore.links).toEqual([
        { rel: 'modulepreload', href: '/assets/explore-page-1.js' },
        { rel: 'preload', as: 'style', crossOrigin: '', href: '/assets/explore-page-1.css' },
      ]);
      expect(explore.call).toBeUndefined();
      expect(runEarlyScript({ routes, pathname: '/profile' }).links).toEqual([]);
    });

    it("sends the player's call with the app's headers, before its chunks", () => {
      const guest = runEarlyScript({ routes, pathname: '/player/42', stored: 'zh-CN' });
      expect(guest.requests).toEqual([
        { url: '/api/v1/client/dramas/42', headers: { Accept: 'application/json', 'Accept-Language': 'zh-CN' } },
      ]);
      expect(guest.call).toMatchObject({ url: '/api/v1/client/dramas/42', locale: 'zh-CN', signedIn: false });
      expect(guest.links.map((link) => link.href)).toEqual(['/assets/player-page-1.js']);

      const member = runEarlyScript({ routes, pathname: '/player/42', token: 'abc' });
      expect(member.requests[0]?.headers).toMatchObject({ Authorization: 'Bearer abc' });
      expect(member.call?.signedIn).toBe(true);
    });

    it('adds a long list a few links per task, in order', () => {
      const files = Array.from({ length: 10 }, (_, index) => `/assets/chunk-${index}.js`);
      const run = runEarlyScript({ routes: [[routePattern('/'), files, null]], pathname: '/' });
      expect(run.inScript).toBe(4);
      expect(run.links.map((link) => link.href)).toEqual(files);
    });

    it('sends no call for an address that is not a drama id', () => {
      const run = runEarlyScript({ routes, pathname: '/player/abc' });
      expect(run.requests).toEqual([]);
      expect(run.links).toHaveLength(1);
    });

    it('does nothing before the build has written in the list', () => {
      const development = runEarlyScript({ pathname: '/player/42' });
      expect(development.requests).toEqual([]);
      expect(development.links).toEqual([]);
    });
  });
});
