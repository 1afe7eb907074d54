import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the points screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`points screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const finance = await newOperator(request, 'finance');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`points-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      };
      await setUpAndSignIn(page, finance);

      await page.goto('/console/mall-items');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('mall-list');
      await page.locator('.ant-table-row').first().locator('td').last().locator('button').click();
      await expect(page.getByTestId('mall-item-drawer')).toBeVisible();
      await shoot('mall-edit');
      await page.keyboard.press('Escape');
      await page.locator('.page-header .ant-btn-primary').click();
      await expect(page.getByTestId('mall-item-drawer')).toBeVisible();
      await shoot('mall-create');

      await page.goto('/console/task-rewards');
      await settled();
      await expect(page.getByTestId('check-in-rewards')).toBeVisible({ timeout: 30_000 });
      await shoot('task-rewards');
    });
  }
}
