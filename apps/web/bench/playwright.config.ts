import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

const PORT = Number(process.env.BENCH_PORT ?? 3211);
// With WEB_DIST_DIR the bench serves that build as it is (e.g. one made for `bench:web`).
const WEB_DIST = process.env.WEB_DIST_DIR ? path.resolve(process.env.WEB_DIST_DIR) : undefined;

/** `npm run bench:player`: the player's first-frame times in Chromium against the built app. */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /.*\.bench\.ts$/,
  workers: 1,
  timeout: 300_000,
  forbidOnly: false,
  // No trace recording: its snapshots and screencast share the page's CPU and slow what is measured.
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}`, trace: 'off' },
  webServer: {
    command: 'rm -rf .bench-data && node scripts/start.mjs',
    cwd: '../../..',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '.bench-data',
      LOG_LEVEL: 'warn',
      ...(WEB_DIST ? { WEB_DIST_DIR: WEB_DIST, SKIP_WEB_BUILD: '1' } : {}),
    },
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
