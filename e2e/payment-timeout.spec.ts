import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page } from '@playwright/test';
import { API_BASE, STORAGE_KEYS, apiPaths, orderDetailResponseSchema } from '@drama/contracts';
import { SERVER_BUNDLE, SERVER_NODE_FLAGS } from '../scripts/build-server.mjs';
import { createAccount, signInAs } from './accounts';
import { expect, test as base } from './fixtures';

/*
 * The payment countdown running out. The shared server keeps orders for the default 15
 * minutes, so these tests run against a server of their own whose orders expire in seconds:
 * the server's bundle as `npm start` runs it (built by the main run's start), serving the same
 * web build as the main run (E2E_WEB_DIST, else apps/web/dist).
 */

const EXPIRY_SECONDS = 8;
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const WEB_DIST = process.env.E2E_WEB_DIST ? path.resolve(process.env.E2E_WEB_DIST) : path.join(ROOT, 'apps/web/dist');

interface ShortExpiryServer {
  origin: string;
}

function startServer(dataDir: string): { child: ChildProcess; ready: Promise<string> } {
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, SERVER_BUNDLE], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH,
      // Any free port: whichever the server takes, its "Ready:" line says.
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      ORDER_EXPIRY_SECONDS: String(EXPIRY_SECONDS),
      WEB_DIST_DIR: WEB_DIST,
      ...(process.env.MEDIA_DIR ? { MEDIA_DIR: process.env.MEDIA_DIR } : {}),
    },
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /Ready: open http:\/\/localhost:(\d+)/.exec(output);
      if (match) resolve(`http://127.0.0.1:${match[1]}`);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.on('exit', (code) => reject(new Error(`the server exited (${code}) before it was ready:\n${output}`)));
  });
  return { child, ready };
}

const test = base.extend<object, { shortExpiryServer: ShortExpiryServer }>({
  shortExpiryServer: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, provide) => {
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'drama-e2e-expiry-'));
      const { child, ready } = startServer(dataDir);
      try {
        await provide({ origin: await ready });
      } finally {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        if (child.exitCode === null) child.kill('SIGTERM');
        await exited;
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 120_000 },
  ],
  // Pages and API calls of these tests go to that server.
  baseURL: async ({ shortExpiryServer }, provide) => provide(shortExpiryServer.origin),
});

test.use({ locale: 'en-US' });

/** A new member who chose a plan and a channel (`choice`, the checkout's query) and pressed Pay: the payment page of the new order. */
async function orderAtPayment(page: Page, request: APIRequestContext, theme: 'light' | 'dark', choice: string) {
  const account = await createAccount(request);
  await signInAs(page, account, { [STORAGE_KEYS.language]: 'en-US', [STORAGE_KEYS.theme]: theme });
  await page.goto(`/membership/payment?${choice}`);
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
  return { account, orderId: new URL(page.url()).searchParams.get('orderId') };
}

test('an order left unpaid times out and asks for a plan again', async ({ page, request }) => {
  test.slow();
  const { orderId } = await orderAtPayment(page, request, 'light', 'plan=week&channel=alipay');
  await expect(page.getByTestId('payment-countdown')).toHaveText(/^Pay within 00:0\d$/);
  // A phone pays on itself; the code is what "Show QR code" shows.
  await page.getByTestId('show-qr').click();
  await expect(page.getByTestId('payment-qr')).toBeVisible();

  // However the page learns it (its own countdown, or the server closing the order), it says so.
  const timeout = page.getByText('Payment timed out, please select a plan again');
  await expect(timeout).toBeVisible({ timeout: (EXPIRY_SECONDS + 15) * 1000 });
  await expect(page.getByTestId('payment-qr')).toHaveCount(0);
  await page.getByRole('link', { name: 'Select a plan again' }).click();
  await expect(page).toHaveURL('/membership');
  await expect(page.getByTestId('unpaid-order')).toHaveCount(0);

  // The server closed it too: the order is cancelled for want of payment.
  await page.goto(`/orders/${orderId}`);
  await expect(page.getByTestId('order-status')).toHaveText('Cancelled', { timeout: 15_000 });
  await expect(page.getByTestId('field-failure')).toContainText('Payment timed out, please select a plan again');
  await expect(page.getByTestId('continue-payment')).toHaveCount(0);
});

test('an order that expired while away shows the timeout on coming back', async ({ page, request }) => {
  test.slow();
  const { account, orderId } = await orderAtPayment(page, request, 'dark', 'plan=month&channel=wechat');
  await page.goto('/profile');

  // Away until the order has expired on the server.
  await expect
    .poll(
      async () => {
        const response = await request.get(`${API_BASE}${apiPaths.order(Number(orderId))}`, {
          headers: { Authorization: `Bearer ${account.token}` },
        });
        return orderDetailResponseSchema.parse(await response.json()).data.status;
      },
      { timeout: (EXPIRY_SECONDS + 15) * 1000, intervals: [1000] },
    )
    .toBe('cancelled');

  await page.goto(`/payment?orderId=${orderId}`);
  await expect(page.getByTestId('payment-timeout')).toContainText('Payment timed out, please select a plan again');
  await expect(page.getByTestId('payment-qr')).toHaveCount(0);
  await page.goto(`/payment/result?orderId=${orderId}`);
  await expect(page.getByTestId('result-title')).toHaveText('Payment timed out');
  await expect(page.getByTestId('result-reason')).toHaveText('Payment timed out, please select a plan again');
});
