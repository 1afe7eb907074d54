import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

const LOCALES_DIR = fileURLToPath(new URL('../i18n/locales/', import.meta.url));
const MARK = /\/\* __SW_PUSH_TEXTS__ \*\/ \{\}/;

type Tree = { [key: string]: string | Tree };

/** The texts a push notification is written with: the app's name and the notices' texts, per locale. */
export function pushTexts(dir = LOCALES_DIR): Record<string, { app: { name: string }; notices: Tree }> {
  const texts: Record<string, { app: { name: string }; notices: Tree }> = {};
  for (const file of readdirSync(dir).filter((name) => name.endsWith('.json'))) {
    const dictionary = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { app?: { name?: string }; notices?: Tree };
    texts[path.basename(file, '.json')] = { app: { name: dictionary.app?.name ?? '' }, notices: dictionary.notices ?? {} };
  }
  return texts;
}

/**
 * Writes the notices' texts of every locale into the built service worker (public/sw.js), so a
 * push is written in the device's language from the same dictionaries the app shows its
 * notices with (the server sends codes and values only). Built in rather than fetched: a push
 * may arrive with the app closed, the server unreachable or the network gone, and the texts then
 * always belong to the deploy whose worker shows them. The worker's version changes with the
 * dictionaries (their hashed files are in its precache list), so a text change reaches devices
 * with the next worker.
 */
export function swPushTexts(): Plugin {
  return {
    name: 'drama:sw-push-texts',
    apply: 'build',
    writeBundle(options) {
      const outDir = options.dir ?? fileURLToPath(new URL('../../../dist', import.meta.url));
      const workerPath = path.join(outDir, 'sw.js');
      const worker = readFileSync(workerPath, 'utf8');
      if (!MARK.test(worker)) throw new Error('sw.js lost the push texts mark');
      writeFileSync(workerPath, worker.replace(MARK, () => JSON.stringify(pushTexts())));
    },
  };
}
