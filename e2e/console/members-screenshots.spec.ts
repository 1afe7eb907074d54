import { createAccount } from '../accounts';
import { expect as baseExpect, test } from '../fixtures';
import { DESKTOP, newOperator, PASSWORD } from './console-support';

// The machine this runs on is shared: each step may wait longer than the default.
const expect = baseExpect.configure({ timeout: 30_000 });

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the members screens for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`members screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const member = await createAccount(request);
      const support = await newOperator(request, 'support');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`members-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible();
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
        await expect(page.locator('.ant-spin-blur')).toHaveCount(0);
      };

      await page.goto(support.setupPath);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('#passwordRepeat').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.locator('.ant-result-success')).toBeVisible();
      await page.goto('/console/sign-in');
      await page.locator('#username').fill(support.username);
      await page.locator('#password').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await expect(page.getByTestId('operator')).toContainText(support.username);

      await page.goto('/console/members');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await shoot('search');

      await page.goto(`/console/members?query=${encodeURIComponent(member.email)}`);
      await settled();
      await expect(page.locator('.ant-table-row')).toHaveCount(1);
      await shoot('search-found');

      // Some history to show: points and VIP granted through the dialogs.
      await page.goto(`/console/members/${member.user.id}`);
      await settled();
      await page.locator('.page-header button').nth(1).click();
      await page.locator('.ant-modal #amount').fill('120');
      await page.locator('.ant-modal #reason').fill('Contest prize');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await expect(page.locator('.ant-modal')).toBeHidden();
      await page.locator('.page-header button').first().click();
      await page.locator('.ant-modal #amount').fill('30');
      await page.locator('.ant-modal #reason').fill('Playback outage');
      await shoot('vip-dialog');
      await page.locator('.ant-modal .ant-btn-primary').click();
      await expect(page.locator('.ant-modal')).toBeHidden();
      await shoot('member');

      for (const tab of ['vip', 'orders', 'points', 'history', 'feedback'] as const) {
        await page.goto(`/console/members/${member.user.id}?tab=${tab}`);
        await settled();
        await shoot(`member-${tab}`);
      }
      await page.locator('.page-header .ant-btn-dangerous').click();
      await expect(page.locator('.ant-modal')).toBeVisible();
      await shoot('disable-dialog');
    });
  }
}
