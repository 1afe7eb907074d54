import { expect, test } from '../fixtures';
import { generateViewing } from './analytics-support';
import { DESKTOP, newOperator, PASSWORD } from './console-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the dashboard and the funnels for people to look at.
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`analytics screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      const { drama } = await generateViewing(request);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const owner = await newOperator(request, 'owner');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`analytics-${name}-${theme}-${locale}.png`), fullPage: true });
      await page.goto(owner.setupPath);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#passwordRepeat').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.locator('.ant-result-success')).toBeVisible();
      await page.goto('/console/sign-in');
      await page.locator('#username').fill(owner.username);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.getByTestId('dashboard')).toBeVisible({ timeout: 30_000 });
      await expect(page.getByTestId('trend-chart').locator('svg.recharts-surface[role="application"]')).toBeVisible({ timeout: 30_000 });
      await shoot('dashboard');

      await page.goto('/console/funnel?sort=paywallHits');
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('funnel-list');

      await page.goto(`/console/funnel/${drama.id}`);
      await expect(page.getByTestId('funnel-chart').locator('svg.recharts-surface[role="application"]')).toBeVisible({ timeout: 30_000 });
      await shoot('funnel');
    });
  }
}
