#!/usr/bin/env node
// `npm start`: builds the server (scripts/build-server.mjs), the web app and the operators'
// console when their sources are newer than their builds, then runs the built server (which
// migrates and seeds the database) and serves the apps, API and media on one port.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS, SERVER_SOURCES } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// The server serves WEB_DIST_DIR when it is set; the build goes there too.
const distDir = process.env.WEB_DIST_DIR ? path.resolve(root, process.env.WEB_DIST_DIR) : path.join(root, 'apps/web/dist');
const dist = path.join(distDir, 'index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/public', 'apps/web/vite.config.ts', 'packages/contracts/src'];
// The console (CONSOLE_DIST_DIR, likewise) is built after the web app, when its sources changed.
const consoleDistDir = process.env.CONSOLE_DIST_DIR
  ? path.resolve(root, process.env.CONSOLE_DIST_DIR)
  : path.join(root, 'apps/console/dist');
const consoleSources = ['apps/console/src', 'apps/console/index.html', 'apps/console/vite.config.ts', 'packages/contracts/src'];

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

function upToDate(index, appSources) {
  const builtAt = existsSync(index) ? statSync(index).mtimeMs : 0;
  return builtAt >= Math.max(...appSources.map((source) => newestMtime(path.join(root, source))));
}

// The server first, in a process of its own (under a second): it starts from its build.
if (upToDate(SERVER_BUNDLE, SERVER_SOURCES)) {
  say('The server is built and up to date.');
} else {
  say('Building the server...');
  const built = spawnSync(process.execPath, [path.join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) {
    say(built.error ? `The server build could not be started: ${built.error.message}` : 'The server build failed.');
    process.exit(1);
  }
}

let buildNeeded = false;
let webBuildNeeded = false;
let consoleBuildNeeded = false;
if (process.env.SKIP_WEB_BUILD === '1') {
  say('Skipping the web build (SKIP_WEB_BUILD=1).');
} else if (upToDate(dist, sources)) {
  say('The web app is built and up to date.');
} else if (process.env.WEB_DIST_DIR && existsSync(distDir) && readdirSync(distDir).length > 0 && !existsSync(dist)) {
  // The build empties its folder first: never a chosen one that holds something else. (The
  // default folder is the build's own, and may hold the remains of an interrupted build.)
  say(`WEB_DIST_DIR ${distDir} holds files but no index.html: not building into it.`);
  process.exit(1);
} else {
  webBuildNeeded = true;
}
if (process.env.SKIP_WEB_BUILD !== '1') {
  if (upToDate(path.join(consoleDistDir, 'index.html'), consoleSources)) say('The console is built and up to date.');
  else consoleBuildNeeded = true;
}
buildNeeded = webBuildNeeded || consoleBuildNeeded;

// The web build and the database's preparation (on a first start: creating the embedded
// database, migrating, seeding) take seconds each and need nothing of each other, so they run
// side by side. The server asks over IPC before it reads the build (its pages' inline-script
// hashes go into the CSP), and is answered once the build is done: asking first means no answer
// can arrive before it listens.
say('Starting the server...');
const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
  cwd: root,
  stdio: buildNeeded ? ['inherit', 'inherit', 'inherit', 'ipc'] : 'inherit',
  env: { NODE_ENV: 'production', ...process.env, ...(buildNeeded ? { START_AWAIT_WEB_BUILD: '1' } : {}) },
});
let build = null;
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal));
}
server.on('exit', (code, signal) => {
  // A server that stopped (a failed migration, say) leaves no build running on its own.
  if (build && build.exitCode === null) build.kill('SIGTERM');
  process.exit(code ?? (signal ? 1 : 0));
});

if (buildNeeded) {
  say(webBuildNeeded ? 'Building the web app...' : 'Building the console...');
  /** 'web-built' or 'web-build-failed' once the build has ended. */
  let outcome = null;
  let asked = false;
  const answer = () => {
    // A server gone in the meantime ends this process through its 'exit' handler.
    if (outcome && asked && server.connected) server.send(outcome, () => undefined);
  };
  server.on('message', (message) => {
    if (message !== 'await-web-build') return;
    asked = true;
    answer();
  });
  const ended = (built) => {
    if (outcome) return;
    // The server is told rather than killed: it may be in the middle of creating the database.
    // Told of a failure, it closes the database and exits 1.
    say(built ? 'The web app is built.' : 'The web build failed.');
    outcome = built ? 'web-built' : 'web-build-failed';
    answer();
  };
  // One after the other: the machine's cores are busy enough preparing the database.
  const builds = [
    ...(webBuildNeeded ? [['@drama/web', distDir]] : []),
    ...(consoleBuildNeeded ? [['@drama/console', consoleDistDir]] : []),
  ];
  const next = () => {
    const [workspace, outDir] = builds.shift();
    if (workspace === '@drama/console' && webBuildNeeded) say('Building the console...');
    build = spawn('npm', ['run', 'build', '-w', workspace, '--', '--outDir', outDir, '--emptyOutDir'], {
      cwd: root,
      stdio: 'inherit',
      // A production build whatever the server runs as (Vite makes a development one otherwise).
      env: { ...process.env, NODE_ENV: 'production' },
    });
    build.on('error', (error) => {
      say(`The web build could not be started: ${error.message}`);
      ended(false);
    });
    build.on('exit', (code) => {
      if (code === 0 && builds.length > 0) next();
      else ended(code === 0);
    });
  };
  next();
}
