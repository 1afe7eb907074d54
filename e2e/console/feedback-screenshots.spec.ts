import { createAccount } from '../accounts';
import { expect as baseExpect, test } from '../fixtures';
import { DESKTOP } from './console-support';
import { sendFeedback, signedInSupport } from './feedback-support';

test.use({ ...DESKTOP, locale: 'en-US', allowedConsoleErrors: [/status of 401/] });
const expect = baseExpect.configure({ timeout: 60_000 });

// Not assertions about pixels: pictures of the inbox and an item for people to look at (test-results/).
for (const theme of ['light', 'dark'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`feedback inbox screenshots, ${theme}, ${locale}`, async ({ page, request }, testInfo) => {
      test.setTimeout(240_000);
      await page.addInitScript(
        (chosen) => {
          localStorage.setItem('console.locale', chosen.locale);
          localStorage.setItem('console.theme', chosen.theme);
        },
        { locale, theme },
      );
      const shoot = (name: string) => page.screenshot({ path: testInfo.outputPath(`feedback-${name}-${theme}-${locale}.png`) });
      const member = await createAccount(request);
      await sendFeedback(request, member, 'I was charged twice for the monthly plan this morning, please check my order.', { type: 'payment' });
      await sendFeedback(request, member, 'Subtitles would be nice in more languages.', { type: 'suggestion' });
      const item = await sendFeedback(request, member, 'The player stops on episode 3 every time I open it.\nIt starts again after a reload.', { screenshot: true });
      await signedInSupport(page, request);

      await page.goto('/console/feedback');
      await expect(page.locator('.ant-table-row').first()).toBeVisible();
      await expect(page.locator('.ant-spin-spinning')).toHaveCount(0);
      await shoot('inbox');

      await page.goto(`/console/feedback?item=${item.id}`);
      const drawer = page.getByTestId('feedback-drawer');
      const shot = drawer.getByAltText(locale === 'zh-CN' ? '截图 1' : 'Screenshot 1');
      await expect.poll(() => shot.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(drawer.locator('.ant-select')).toBeVisible();
      await shoot('detail');
    });
  }
}
