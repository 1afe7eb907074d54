#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the
// server (which migrates and seeds the database) and serves app, API and media on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contracts/src'];

function newestMtime(target) {
  if (!existsSync(target)) return 0;
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

function say(message) {
  process.stdout.write(`[start] ${message}\n`);
}

const builtAt = existsSync(dist) ? statSync(dist).mtimeMs : 0;
const changedAt = Math.max(...sources.map((source) => newestMtime(path.join(root, source))));
if (process.env.SKIP_WEB_BUILD === '1') {
  say('Skipping the web build (SKIP_WEB_BUILD=1).');
} else if (builtAt >= changedAt) {
  say('The web app is built and up to date.');
} else {
  say('Building the web app...');
  const build = spawnSync('npm', ['run', 'build', '-w', '@drama/web'], { cwd: root, stdio: 'inherit' });
  if (build.status !== 0) {
    say('The web build failed.');
    process.exit(build.status ?? 1);
  }
}

say('Starting the server...');
const server = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'apps/server/src/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
