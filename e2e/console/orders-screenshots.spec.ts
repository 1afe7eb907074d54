import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { buyMonthInSandbox, setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the orders screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`orders screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const member = await createAccount(request);
      const order = await buyMonthInSandbox(request, member);
      const finance = await newOperator(request, 'finance');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`orders-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      };
      await setUpAndSignIn(page, finance);

      await page.goto('/console/orders');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('list');

      await page.goto('/console/orders?tab=review');
      await settled();
      await shoot('review');

      await page.goto(`/console/orders/${order.id}`);
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('detail');

      await page.locator('.page-header .ant-btn-dangerous').click();
      await page.locator('.ant-modal input[role=spinbutton]').fill('10');
      await page.locator('.ant-modal textarea').fill('Playback outage');
      await page.locator('.ant-modal .ant-checkbox-input').check();
      await shoot('refund-dialog');
      await page.locator('.ant-modal .ant-btn-dangerous').click();
      await expect(page.locator('.ant-modal')).toBeHidden({ timeout: 30_000 });
      await expect(page.locator('.ant-table-row', { hasText: 'Playback outage' })).toBeVisible();
      await shoot('detail-refunded');
    });
  }
}
