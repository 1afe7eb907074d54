import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { PRELOADED_ROUTES, callTemplate, routePattern } from './src/app/route-preloads.ts';
import { swPushTexts } from './src/shared/push/sw-texts-plugin.ts';

const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Files of public/ that belong to the app shell, beside the built JS and CSS. */
const SHELL_PUBLIC_FILES = [
  '/index.html',
  '/offline.html',
  '/manifest.webmanifest',
  '/icons/icon-48.png',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
  '/icons/apple-touch-icon.png',
];

/**
 * Writes the app shell's file list and a version derived from it into the built service worker
 * (public/sw.js), so a deploy with any changed file gets fresh caches.
 */
function precacheManifest(): Plugin {
  return {
    name: 'drama:precache-manifest',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? path.resolve(fileURLToPath(new URL('.', import.meta.url)), 'dist');
      const built = Object.keys(bundle)
        .filter((file) => /\.(js|css|woff2?|json)$/.test(file))
        .map((file) => `/${file}`);
      const files = [...SHELL_PUBLIC_FILES, ...built.sort()];
      const index = readFileSync(path.join(outDir, 'index.html'));
      const version = createHash('sha256').update(files.join('\n')).update(index).digest('hex').slice(0, 12);
      const workerPath = path.join(outDir, 'sw.js');
      const worker = readFileSync(workerPath, 'utf8')
        .replace(/\/\* __SW_VERSION__ \*\/ '[^']*'/, JSON.stringify(version))
        .replace(/\/\* __SW_PRECACHE__ \*\/ \[[^\]]*\]/, JSON.stringify(files));
      writeFileSync(workerPath, worker);
    },
  };
}

/**
 * Writes the built addresses of the dictionaries (src/shared/i18n/locales/*.json) into
 * index.html's early script, which starts the fetch of the visitor's language at once. In
 * development the map stays empty and the app fetches the dictionary itself.
 */
function dictionaryAddresses(): Plugin {
  const MARK = '/* dictionary addresses */ {}';
  return {
    name: 'drama:dictionary-addresses',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(MARK)) throw new Error('index.html lost the dictionary addresses mark');
        const addresses: Record<string, string> = {};
        for (const output of Object.values(context.bundle ?? {})) {
          if (output.type !== 'asset') continue;
          const source = output.originalFileNames.find((name) => /\/i18n\/locales\/[\w-]+\.json$/.test(name));
          if (source) addresses[path.basename(source, '.json')] = `/${output.fileName}`;
        }
        if (Object.keys(addresses).length === 0) throw new Error('the build emitted no dictionaries');
        return html.replace(MARK, JSON.stringify(addresses));
      },
    },
  };
}

/**
 * Writes, for each route of src/app/route-preloads.ts, the chunks its page needs beyond the
 * entry's (JavaScript and CSS) and its first call into index.html's early script, which
 * preloads those of the visited route. In development the list stays empty.
 */
function routePreloads(): Plugin {
  const MARK = '/* route preloads */ []';
  const root = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'drama:route-preloads',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!html.includes(MARK)) throw new Error('index.html lost the route preloads mark');
        const chunks = Object.values(context.bundle ?? {}).filter(
          (output): output is Rolldown.OutputChunk => output.type === 'chunk',
        );
        const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
        const closure = (start: string): Set<string> => {
          const seen = new Set<string>();
          const queue = [start];
          for (let file = queue.pop(); file !== undefined; file = queue.pop()) {
            if (seen.has(file)) continue;
            seen.add(file);
            queue.push(...(byFile.get(file)?.imports ?? []));
          }
          return seen;
        };
        const entry = chunks.find((chunk) => chunk.isEntry);
        if (!entry) throw new Error('the build has no entry chunk');
        const loadedFirst = closure(entry.fileName);
        const table = PRELOADED_ROUTES.map((route) => {
          const { path: routePath, page } = route;
          const pageFile = path.join(root, page);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === pageFile);
          if (!chunk) throw new Error(`no chunk holds the page ${page} of ${routePath}`);
          const files = [...closure(chunk.fileName)].filter((file) => !loadedFirst.has(file));
          const styles = files.flatMap((file) => [...(byFile.get(file)?.viteMetadata?.importedCss ?? [])]);
          return [routePattern(routePath), [...files, ...styles].map((file) => `/${file}`), callTemplate(route)];
        });
        return html.replace(MARK, JSON.stringify(table));
      },
    },
  };
}

const COMPRESSIBLE = /\.(js|css|html|svg|json|webmanifest|txt|vtt)$/;

/**
 * Writes .br and .gz beside every text file of the build, which the server sends to browsers
 * that accept them: on a phone's network the app's JavaScript is a third of its size gzipped.
 * Runs last, after the service worker has its manifest written in.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'drama:precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle: {
      order: 'post',
      handler(options) {
        const outDir = options.dir ?? path.resolve(fileURLToPath(new URL('.', import.meta.url)), 'dist');
        for (const file of walk(outDir).filter((name) => COMPRESSIBLE.test(name))) {
          const content = readFileSync(file);
          // Below about a packet, compressing saves nothing worth a decoder's time.
          if (content.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: content.length } }),
          );
        }
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // Pinned so that building from the repo root or from apps/web gives the same apps/web/dist.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), dictionaryAddresses(), routePreloads(), swPushTexts(), precacheManifest(), precompress()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // React and the router change less often than the app: their own chunks stay cached
        // across deploys, and every page needs all of them. Libraries made of many modules
        // (TanStack Query, zod) are left to the lazy imports instead: a group would pull the
        // parts only later pages use (mutations, zod for forms) into the first page's download.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': apiTarget,
      '/media': apiTarget,
      '/sandbox': apiTarget,
    },
  },
  preview: { port: 4173 },
});
