import { defineConfig } from '@playwright/test';

import path from 'node:path';

// Defaults serve `npm test`. Several runs side by side each take their own port, data and,
// with E2E_WEB_DIST, their own build of the web app.
const PORT = Number(process.env.E2E_PORT ?? 3210);
const DATA_DIR = process.env.E2E_DATA_DIR ?? '.e2e-data';
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : undefined;
// The operators' console's build goes beside the web app's.
const CONSOLE_DIST = WEB_DIST ? `${WEB_DIST}-console` : undefined;
const start = WEB_DIST
  ? `NODE_ENV=production npx vite build --config apps/web/vite.config.ts --outDir ${WEB_DIST} --emptyOutDir --logLevel warn && NODE_ENV=production npx vite build --config apps/console/vite.config.ts --outDir ${CONSOLE_DIST} --emptyOutDir --logLevel warn && SKIP_WEB_BUILD=1 node scripts/start.mjs`
  : 'node scripts/start.mjs';

/** The screenshot specs: pictures for people to look at, not assertions; run on their own. */
const SCREENSHOTS = /screenshots\.spec\.ts$/;
const CONSOLE_SCREENSHOTS = /console\/.*-screenshots\.spec\.ts$/;
const CONSOLE_ALONE = /console\/everyone-two-factor\.spec\.ts$/;

const chromium = {
browserName: 'chromium' as const,
  launchOptions: {
    // Debian's Chromium: the test tool never downloads a browser (DESIGN.md section 7).
    executablePath: '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  // A side-by-side run keeps its artefacts beside its data, so runs do not wipe each other's.
  outputDir: process.env.E2E_DATA_DIR ? `${DATA_DIR}-results` : 'test-results',
  workers: 2,
  // A test that passes only on its retry fails the run: a lost tap or a race is a fault to
  // find, not load to absorb. The retry stays for its trace, which shows what differed.
  retries: 1,
  failOnFlakyTests: true,
  reporter: 'list',
  forbidOnly: Boolean(process.env.CI),
  // Generous for a shared 2-core machine running Chromium, video and the server at once; each
  // expectation still gives up after its own 10 s.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    viewport: { width: 390, height: 844 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    trace: 'retain-on-failure',
  },
  projects: [
    // The viewers' journeys first; the console's specs publish dramas, upload media and reorder
    // the catalogue on the same server, so they run after every viewer spec has finished.
    { name: 'chromium', testIgnore: [/console\//, SCREENSHOTS], use: chromium },
    // A console journey signs operators in (each landing on the dashboard), sets passwords and
    // drives several screens: minutes, not seconds, on a busy 2-core machine.
    { name: 'console', testMatch: /console\/.*\.spec\.ts$/, testIgnore: [CONSOLE_SCREENSHOTS, CONSOLE_ALONE], dependencies: ['chromium'], use: chromium, timeout: 180_000 },
    // Specs that turn on what holds for every operator (two-factor sign-in for everyone): after
    // every other console spec, so that none signs in while it is on.
    { name: 'console-alone', testMatch: CONSOLE_ALONE, dependencies: ['console'], use: chromium, timeout: 180_000 },
    // Pictures of every console screen in light and dark, zh-CN and en-US, for people to look at
    // (test-results/): `npm run screenshots:console`, like the README's pictures, not `npm test`:
    // on a 2-core machine they added over a quarter to a run without checking anything.
    { name: 'console-screenshots', testMatch: CONSOLE_SCREENSHOTS, use: chromium, timeout: 300_000 },
    // The same for the viewers' app at the phone size: `npm run screenshots:app`.
    { name: 'app-screenshots', testMatch: SCREENSHOTS, testIgnore: /console\//, use: chromium },
  ],
  webServer: {
    command: `rm -rf ${DATA_DIR} && ${start}`,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      LOG_LEVEL: 'warn',
      // The tests make many accounts from loopback, which is exempt from the per-address abuse
      // limits; the challenge journeys come from other addresses through X-Forwarded-For.
      TRUST_PROXY: 'true',
      LIMIT_EXEMPT_ADDRESSES: '127.0.0.1',
      CHALLENGE_MAX_COUNTER: '300',
      // push.spec.ts's stand-in push service listens on plain http at 127.0.0.1 (Chromium here
      // reaches no real push service); the server takes such subscriptions only when told to,
      // and never in production, so this server runs as a test one (the builds stay production).
      PUSH_ALLOW_LOOPBACK: 'true',
      NODE_ENV: 'test',
      ...(WEB_DIST ? { WEB_DIST_DIR: WEB_DIST, CONSOLE_DIST_DIR: CONSOLE_DIST } : {}),
    },
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 300_000,
  },
});
