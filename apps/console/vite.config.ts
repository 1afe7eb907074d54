import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * Writes .br and .gz beside the build's larger text files, which the server sends to browsers
 * that accept them: antd alone is a megabyte as it is and a quarter of that compressed.
 */
function precompress(): Plugin {
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const file = path.join(dir, name);
      return statSync(file).isDirectory() ? walk(file) : [file];
    });
  return {
    name: 'console:precompress',
    apply: 'build',
    enforce: 'post',
    writeBundle: {
      order: 'post',
      handler(options) {
        const outDir = options.dir ?? fileURLToPath(new URL('./dist', import.meta.url));
        for (const file of walk(outDir).filter((name) => /\.(js|css|html|svg|json)$/.test(name))) {
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(`${file}.br`, brotliCompressSync(content, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
        }
      },
    },
  };
}

const apiTarget = `http://127.0.0.1:${process.env.API_PORT ?? 3000}`;

export default defineConfig({
  // The server serves this build under /console/ (modules/console-app); every address it
  // writes into index.html and the chunks starts there.
  base: '/console/',
  // Pinned so that building from the repo root or from apps/console gives the same apps/console/dist.
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react(), precompress()],
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // antd is one large library every screen uses; a chunk of its own stays cached across deploys.
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
            { name: 'antd', test: /node_modules[\\/](antd|@ant-design|@rc-component|rc-[\w-]+|dayjs)[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    port: 5174,
    strictPort: true,
    proxy: { '/api': apiTarget },
  },
  preview: { port: 4174 },
});
