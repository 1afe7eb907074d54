import { STORAGE_KEYS } from '@drama/contracts';
import { createAccount, signInAs } from './accounts';
import { expect, seedStorage, test } from './fixtures';

// Not assertions about pixels: pictures of the account screens for people to look at (test-results/).
// Six full-page screenshots a test take their time on a busy machine.
test.beforeEach(() => test.slow());

for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test.describe(`account screens, ${theme}, ${locale}`, () => {
      const prefs = { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale };

      test('guest pages', async ({ page }, testInfo) => {
        await seedStorage(page, prefs);
        for (const [name, path] of [
          ['sign-in', '/auth/sign-in'],
          ['sign-up', '/auth/sign-up'],
          ['reset-password', '/auth/reset-password'],
          ['verification', '/auth/verification'],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('form')).toBeVisible();
          await expect(page.getByTestId('auth-brand').locator('img')).toBeVisible();
          await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}-${locale}.png`) });
        }
        await page.goto('/auth/sign-up');
        await page.locator('form').getByRole('button', { name: /./ }).last().click();
        await page.locator('input[name="password"]').fill('Drama2024');
        await expect(page.getByTestId('field-error').first()).toBeVisible();
        await page.screenshot({ path: testInfo.outputPath(`sign-up-errors-${theme}-${locale}.png`) });
        await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
        await page.screenshot({ path: testInfo.outputPath(`sign-up-errors-bottom-${theme}-${locale}.png`) });
      });

      test('member pages', async ({ page, request }, testInfo) => {
        const account = await createAccount(request);
        await signInAs(page, account, prefs);
        for (const [name, path] of [
          ['profile', '/profile'],
          ['settings', '/settings'],
          ['change-password', '/settings/change-password'],
          ['bind-phone', '/settings/bind-phone'],
        ] as const) {
          await page.goto(path);
          await expect(page.locator('main h1').first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          await page.screenshot({ path: testInfo.outputPath(`${name}-${theme}-${locale}.png`) });
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          await page.screenshot({ path: testInfo.outputPath(`${name}-bottom-${theme}-${locale}.png`) });
        }
      });
    });
  }
}
