import { expect, test } from '../fixtures';
import { DESKTOP, newOperator, PASSWORD } from './console-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the console's screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`console screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const owner = await newOperator(request, 'owner');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`console-${name}-${theme}-${locale}.png`) });

      await page.goto(owner.setupPath);
      await expect(page.locator('#passwordRepeat')).toBeVisible();
      await shoot('setup');
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#passwordRepeat').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.locator('.ant-result-success')).toBeVisible();

      await page.goto('/console/sign-in');
      await expect(page.locator('#username')).toBeVisible();
      await shoot('sign-in');
      await page.locator('#username').fill(owner.username);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.getByTestId('operator')).toContainText(owner.username);

      for (const screen of ['operators', 'tokens', 'audit', 'account']) {
        await page.goto(`/console/${screen}`);
        await expect(page.locator('.page-header h3')).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await shoot(screen);
      }
    });
  }
}
