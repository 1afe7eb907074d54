import { API_BASE, apiPaths } from '@drama/contracts';
import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the campaign screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`campaign screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const finance = await newOperator(request, 'finance');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`campaigns-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      };
      await setUpAndSignIn(page, finance);

      await page.goto('/console/campaigns');
      await settled();
      await page.locator('.page-header .ant-btn-primary').click();
      await page.locator('.ant-modal #name').fill(locale === 'en-US' ? 'Spring festival giveaway' : '春节回馈');
      await page.locator('.ant-modal #count').fill('20');
      await shoot('create-dialog');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await expect(page).toHaveURL(/\/console\/campaigns\/\d+$/, { timeout: 30_000 });
      const id = Number(new URL(page.url()).pathname.split('/').pop());

      // A few members redeem codes, so the page has figures and a chart to show.
      const csv = await (await page.request.get(`${API_BASE}/console/campaigns/${id}/codes.csv`)).text();
      const codes = csv.trim().split('\r\n').slice(1).map((line) => line.split(',')[0]!);
      for (const code of codes.slice(0, 3)) {
        const member = await createAccount(request);
        const redeemed = await request.post(`${API_BASE}${apiPaths.redeem()}`, { headers: { Authorization: `Bearer ${member.token}` }, data: { code } });
        expect(redeemed.ok(), await redeemed.text()).toBe(true);
      }
      await page.reload();
      await settled();
      await expect(page.getByTestId('redemptions-chart')).toBeVisible({ timeout: 30_000 });
      await shoot('detail');

      await page.locator('.page-header .ant-btn-dangerous').click();
      await page.locator('.ant-modal textarea').fill(locale === 'en-US' ? 'Codes were posted on a forum' : '兑换码被发到了论坛上');
      await shoot('revoke-dialog');

      await page.goto('/console/campaigns');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('list');
    });
  }
}
