import { defineConfig } from '@playwright/test';
import base from '../../../playwright.config';

const PORT = 3211;

/** `npm run bench:player`: the player's first-frame times in Chromium against the built app. */
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: /.*\.bench\.ts$/,
  workers: 1,
  timeout: 300_000,
  forbidOnly: false,
  use: { ...base.use, baseURL: `http://127.0.0.1:${PORT}` },
  webServer: {
    command: 'rm -rf .bench-data && node scripts/start.mjs',
    cwd: '../../..',
    env: { PORT: String(PORT), HOST: '127.0.0.1', DATA_DIR: '.bench-data', LOG_LEVEL: 'warn' },
    url: `http://127.0.0.1:${PORT}/api/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
