import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const appVersion = (JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string })
  .version;

/** Files of public/ that belong to the app shell, beside the built JS and CSS. */
const SHELL_PUBLIC_FILES = [
  '/index.html',
  '/offline.html',
  '/manifest.webmanifest',
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
        .filter((file) => /\.(js|css|woff2?)$/.test(file))
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

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // Pinned so that building from the repo root or from apps/web gives the same apps/web/dist.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), tailwindcss(), precacheManifest()],
  define: { __APP_VERSION__: JSON.stringify(appVersion) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: their own chunks stay cached across deploys.
        // Pages and their icons are still split per route by the lazy imports.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/ },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/ },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            { name: 'i18next', test: /node_modules[\\/](i18next|react-i18next)[\\/]/ },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/ },
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
