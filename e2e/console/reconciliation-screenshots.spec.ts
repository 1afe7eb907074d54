import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { buyMonthInSandbox, setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 40[14]/] });

function today(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
}

// Not assertions about pixels: pictures of the reconciliation screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`reconciliation screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const member = await createAccount(request);
      await buyMonthInSandbox(request, member);
      const finance = await newOperator(request, 'finance');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`reconciliation-${name}-${theme}-${locale}.png`) });
      await setUpAndSignIn(page, finance);

      await page.goto(`/console/reconciliation/${today()}`);
      await page.locator('.page-header .ant-btn-primary').click();
      await page.locator('.ant-popconfirm .ant-btn-primary').click();
      await expect(page.getByTestId('reconciliation-sandbox')).toBeVisible({ timeout: 30_000 });
      await expect(page.locator('.ant-message')).toHaveCount(0, { timeout: 10_000 });
      await shoot('day');
      await page.locator('.page-header .ant-btn-primary').click();
      await shoot('run-again');

      await page.goto('/console/reconciliation');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('list');
    });
  }
}
