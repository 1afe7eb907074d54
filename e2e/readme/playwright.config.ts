import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from '../../playwright.config';

// `npm run screenshots`: the README's pictures, taken from the built app with the demo
// catalogue and written to docs/images. Not part of `npm test` (its files end in .shots.ts).
export default defineConfig({
  ...base,
  testDir: '.',
  testMatch: '*.shots.ts',
  outputDir: '../../test-results/readme',
  retries: 0,
  // The server starts from the repository's root, as for `npm test`.
  webServer: base.webServer && !Array.isArray(base.webServer) ? { ...base.webServer, cwd: path.resolve(import.meta.dirname, '../..') } : base.webServer,
});
