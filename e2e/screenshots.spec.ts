import { STORAGE_KEYS } from '@drama/contracts';
import { expect, seedStorage, test } from './fixtures';

// Not assertions about pixels: pictures of home for people to look at (test-results/).
for (const theme of ['dark', 'light'] as const) {
  for (const locale of ['zh-CN', 'en-US'] as const) {
    test(`home screenshot, ${theme}, ${locale}`, async ({ page }, testInfo) => {
      await seedStorage(page, { [STORAGE_KEYS.theme]: theme, [STORAGE_KEYS.language]: locale });
      await page.goto('/');
      const cover = page.getByTestId('hot-ranking').locator('img').first();
      await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      await expect(page.getByTestId('featured-slide').first()).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`home-${theme}-${locale}.png`) });
    });
  }
}
