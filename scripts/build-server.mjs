#!/usr/bin/env node
// Builds the server for `npm start`: apps/server/src/main.ts bundled by esbuild into
// apps/server/dist/main.js (ESM, Node, with source maps), so a start runs JavaScript instead of
// compiling TypeScript. The workspace package @drama/contracts (TypeScript source) goes into the
// bundle; every other package stays external and is loaded from node_modules as under tsx, so
// the bundle must stay in apps/server/dist, where that lookup starts. What the source imports
// dynamically (a payment channel's SDK) stays a chunk of its own, loaded when first used as under
// tsx, not with the rest at start. Run by `npm run build`, and by scripts/start.mjs when the
// sources are newer than the bundle (SERVER_SOURCES). esbuild is a dependency of @drama/server
// (the version tsx and Vite use); it is loaded only to build, so start.mjs reads the lists here
// without loading it.
import { mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const SERVER_DIST_DIR = path.join(root, 'apps/server/dist');
export const SERVER_BUNDLE = path.join(SERVER_DIST_DIR, 'main.js');
/** What the bundle is made of: scripts/start.mjs rebuilds when any of these is newer than it. */
export const SERVER_SOURCES = [
  'apps/server/src',
  'apps/server/package.json',
  'apps/server/tsconfig.json',
  'tsconfig.base.json',
  'packages/contracts/src',
  'packages/contracts/package.json',
  'scripts/build-server.mjs',
];

/**
 * How the bundle is run (scripts/start.mjs, and the benchmarks, which measure the server as it
 * starts). A young generation of 64 MB (V8's default is 16): a busy server makes short-lived
 * objects for every answer, and with a small one they outlive collections and fill the old
 * generation, whose collections pause every request (apps/server/bench/discovery.ts,
 * docs/benchmarks.md). Source maps on: a stack trace names the TypeScript source's files and
 * lines, not the bundle's.
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=64', '--enable-source-maps'];

/** Every package import is external but the workspace's own contracts, which are TypeScript. */
const externalPackages = {
  name: 'external-packages',
  setup(esbuild) {
    esbuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path === '@drama/contracts' || args.path.startsWith('@drama/contracts/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * Bundles the server. Each file is written beside its final name and renamed over it, main.js
 * last (the chunks' names carry their content's hash), so a server starting meanwhile (a test
 * run's, say) reads either the old bundle or the new one, never half of one. Files of earlier
 * builds are removed after, as the web build empties its folder.
 */
export async function buildServer() {
  const { build } = await import('esbuild');
  const result = await build({
    absWorkingDir: root,
    entryPoints: { main: path.join(root, 'apps/server/src/main.ts') },
    outdir: SERVER_DIST_DIR,
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    tsconfig: path.join(root, 'apps/server/tsconfig.json'),
    plugins: [externalPackages],
    sourcemap: 'linked',
    sourcesContent: false,
    // Names stay as written: stack traces, and the error classes' names, read as in the source.
    keepNames: true,
    logLevel: 'warning',
    write: false,
  });
  const files = [...result.outputFiles].sort((a, b) => Number(a.path === SERVER_BUNDLE) - Number(b.path === SERVER_BUNDLE));
  for (const file of files) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const temporary = `${file.path}.${process.pid}.tmp`;
    writeFileSync(temporary, file.contents);
    renameSync(temporary, file.path);
  }
  const kept = new Set(files.map((file) => file.path));
  for (const entry of readdirSync(SERVER_DIST_DIR, { recursive: true, withFileTypes: true })) {
    const file = path.join(entry.parentPath ?? entry.path, entry.name);
    if (entry.isFile() && !kept.has(file) && !file.endsWith('.tmp')) rmSync(file, { force: true });
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const startedAt = performance.now();
  try {
    await buildServer();
  } catch {
    // esbuild has printed what failed.
    process.exit(1);
  }
  process.stdout.write(
    `[build] The server is built: ${path.relative(root, SERVER_BUNDLE)} in ${Math.round(performance.now() - startedAt)} ms\n`,
  );
}
