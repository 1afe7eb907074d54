#!/usr/bin/env node
// `npm test` runs this first: the end-to-end runs drive Debian's browsers, and a machine
// without them should hear so in one line before any test starts, not from inside a runner.
import { spawnSync } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The Debian packages the tests use, in the order of the install line. */
export const BROWSER_PACKAGES = [
  'chromium',
  'firefox-esr',
  'webkit2gtk-driver',
  'xvfb',
  'xauth',
  'gstreamer1.0-libav',
  'gstreamer1.0-plugins-good',
  'gstreamer1.0-plugins-bad',
];

/** What each package must put on the machine: a file, a command on PATH, or (for the
 * GStreamer decoders, which have neither) the package itself. */
const NEEDS = [
  { pkg: 'chromium', file: '/usr/bin/chromium' },
  { pkg: 'firefox-esr', file: process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr' },
  { pkg: 'webkit2gtk-driver', command: 'WebKitWebDriver' },
  { pkg: 'xvfb', command: 'xvfb-run' },
  { pkg: 'xauth', command: 'xauth' },
  { pkg: 'gstreamer1.0-libav', installed: true },
  { pkg: 'gstreamer1.0-plugins-good', installed: true },
  { pkg: 'gstreamer1.0-plugins-bad', installed: true },
];

const executable = (file) => {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
};

export const defaultProbe = {
  file: executable,
  command: (name) => (process.env.PATH ?? '').split(path.delimiter).some((dir) => dir && executable(path.join(dir, name))),
  // Only where dpkg answers: elsewhere the files and commands above are the whole check.
  installed: (pkg) => {
    const answer = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    if (answer.error) return true;
    return answer.status === 0 && answer.stdout.includes('install ok installed');
  },
};

/** The packages whose part is missing, in install order. */
export function missingPackages(probe = defaultProbe) {
  return NEEDS.filter((need) => {
    if (need.file) return !probe.file(need.file);
    if (need.command) return !probe.command(need.command);
    return !probe.installed(need.pkg);
  }).map((need) => need.pkg);
}

export function missingLine(missing) {
  return `Missing browsers for the end-to-end tests: ${missing.join(', ')}. Install them with: sudo apt-get install -y ${missing.join(' ')}`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const missing = missingPackages();
  if (missing.length > 0) {
    console.error(missingLine(missing));
    process.exit(1);
  }
}
