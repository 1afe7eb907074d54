import { execFile } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { beforeAll } from 'vitest';
import { REPO_ROOT } from '../../src/platform/config.js';
import { TEST_ADMIN_TOKEN } from './accounts.js';
import { adminApiToken } from './admin-auth.js';
import type { TestApp } from './test-app.js';

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the operator's command (`npm run admin -- …`) and gives its exit code and output, failing or not. */
export function runAdminCli(args: string[], env: NodeJS.ProcessEnv): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      path.join(REPO_ROOT, 'node_modules/.bin/tsx'),
      [path.join(REPO_ROOT, 'apps/server/src/cli/admin.ts'), ...args],
      { cwd: REPO_ROOT, env, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
      },
    );
  });
}

/** Serves the app on a loopback port before the tests of the block that calls it; gives its address once served. */
export function useLoopbackAddress(t: TestApp): () => string {
  let url = '';
  beforeAll(async () => {
    await t.server.listen({ port: 0, host: '127.0.0.1' });
    url = `http://127.0.0.1:${(t.server.server.address() as AddressInfo).port}`;
  });
  return () => url;
}

/**
 * The operator's command against the app: an owner's API token in ADMIN_API_TOKEN, and the
 * bootstrap token the account tests start the app with in ADMIN_TOKEN (for `operator` and `token create`).
 */
export function useAdminCli(t: TestApp): (args: string[]) => Promise<CliRun> {
  const url = useLoopbackAddress(t);
  return async (args) => runAdminCli(['--url', url(), ...args], { ...process.env, ADMIN_TOKEN: TEST_ADMIN_TOKEN, ADMIN_API_TOKEN: await adminApiToken(t) });
}
