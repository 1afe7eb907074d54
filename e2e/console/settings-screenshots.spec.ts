import { API_BASE, apiPaths } from '@drama/contracts';
import { createAccount } from '../accounts';
import { expect, test } from '../fixtures';
import { DESKTOP, newOperator } from './console-support';
import { setUpAndSignIn } from './orders-support';

test.use({ ...DESKTOP, allowedConsoleErrors: [/status of 401/] });

// Not assertions about pixels: pictures of the settings and outbox screens for people to look at.
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`settings screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(300_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const owner = await newOperator(request, 'owner');
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`settings-${name}-${theme}-${locale}.png`) });
      const settled = async () => {
        await expect(page.locator('.page-header h3')).toBeVisible({ timeout: 30_000 });
        await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      };
      await setUpAndSignIn(page, owner);

      await page.goto('/console/settings');
      await settled();
      await expect(page.getByTestId('payment-channels').locator('.ant-tag').first()).toBeVisible({ timeout: 30_000 });
      await page.getByTestId(`legal-${locale}-userAgreement`).fill(
        locale === 'en-US'
          ? '# User agreement\n\nWelcome to {platformName}.\n\n## 1. Your account\n\nKeep your password safe. Questions: {contact}.'
          : '# 用户协议\n\n欢迎使用 {platformName}。\n\n## 一、账号\n\n请妥善保管密码。如有疑问请联系 {contact}。',
      );
      await expect(page.frameLocator('[data-testid="legal-preview"]').getByTestId('legal-text')).toBeVisible({ timeout: 30_000 });
      await shoot('site');

      const member = await createAccount(request);
      await request.post(`${API_BASE}${apiPaths.authCodes()}`, { data: { channel: 'email', target: member.email, purpose: 'reset' } });
      await page.goto('/console/outbox');
      await settled();
      await expect(page.locator('.ant-table-row').first()).toBeVisible({ timeout: 30_000 });
      await shoot('outbox');
    });
  }
}
