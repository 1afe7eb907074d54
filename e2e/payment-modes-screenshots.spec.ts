import { STORAGE_KEYS } from '@drama/contracts';
import type { Page } from '@playwright/test';
import { createAccount, signInAs } from './accounts';
import { expect, test } from './fixtures';
import { PHONE_UA, WECHAT_UA } from './payment-agents';

// Not assertions about pixels: the payment page in each of its modes for people to look at
// (test-results/): on a phone (pay here, or the QR code if asked for), inside WeChat (JSAPI),
// on a computer (the QR code), with the sandbox checkout a phone is sent to, in both themes,
// zh-CN and en-US.

async function pendingPayment(page: Page, theme: 'light' | 'dark', locale: 'zh-CN' | 'en-US', account: Awaited<ReturnType<typeof createAccount>>) {
  await signInAs(page, account, { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale });
  await page.goto('/membership/payment?plan=month&channel=wechat');
  await page.getByTestId('checkout-pay').click();
  await expect(page).toHaveURL(/\/payment\?orderId=\d+$/);
  await expect(page.getByTestId('payment-countdown')).toBeVisible();
}

for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test.describe(`${theme}, ${locale}`, () => {
      test.describe('on a phone', () => {
        test.use({ userAgent: PHONE_UA, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale });

        test('pay here, the QR code asked for, the channel’s page', async ({ page, request }, testInfo) => {
          const shot = (what: string) => page.screenshot({ path: testInfo.outputPath(`payment-${what}-${theme}-${locale}.png`) });
          await pendingPayment(page, theme, locale, await createAccount(request));
          await expect(page.getByTestId('pay-here')).toBeEnabled();
          await shot('phone');
          await page.getByTestId('show-qr').click();
          await expect(page.getByTestId('payment-qr')).toBeVisible();
          await shot('phone-qr');
          await page.getByTestId('pay-on-phone').click();
          await page.getByTestId('pay-here').click();
          await expect(page).toHaveURL(/\/sandbox\/checkout\/\w+\?flow=wap$/);
          await expect(page.locator('#leave')).toBeVisible();
          await shot('phone-checkout');
          await page.locator('#leave').click();
          await expect(page.getByTestId('pay-again')).toBeVisible({ timeout: 15_000 });
          await shot('phone-not-paid');
        });
      });

      test.describe('inside WeChat', () => {
        test.use({ userAgent: WECHAT_UA, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, locale });

        test('WeChat Pay by JSAPI', async ({ page, request }, testInfo) => {
          await pendingPayment(page, theme, locale, await createAccount(request));
          await expect(page.getByTestId('pay-here')).toHaveAttribute('data-mode', 'jsapi');
          await expect(page.getByTestId('pay-here')).toBeEnabled();
          await page.screenshot({ path: testInfo.outputPath(`payment-wechat-${theme}-${locale}.png`) });
        });
      });

      test.describe('on a computer', () => {
        test.use({ viewport: { width: 1280, height: 800 }, hasTouch: false, isMobile: false, locale });

        test('the QR code', async ({ page, request }, testInfo) => {
          await pendingPayment(page, theme, locale, await createAccount(request));
          await expect(page.getByTestId('payment-qr')).toBeVisible();
          await page.screenshot({ path: testInfo.outputPath(`payment-computer-${theme}-${locale}.png`) });
        });
      });
    });
  }
}
