import type { Locator } from '@playwright/test';
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

/** Waits for a sheet's rise to end, so the picture shows it in place. */
async function settled(sheet: Locator): Promise<void> {
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

async function coversLoaded(scope: Locator): Promise<void> {
  const cover = scope.locator('img').first();
  await expect.poll(() => cover.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
}

// The wide layout (a desktop, a mouse) and, for comparison, the phone's category and sheet.
const SCREENS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false, deviceScaleFactor: 1 },
  { name: 'phone', viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 },
] as const;

for (const { name, ...screen } of SCREENS) {
  test.describe(`${name} screenshots`, () => {
    test.use(screen);
    for (const theme of ['dark', 'light'] as const) {
      for (const locale of ['zh-CN', 'en-US'] as const) {
        test(`${name} home, category, player and a sheet, ${theme}, ${locale}`, async ({ page }, testInfo) => {
          test.setTimeout(90_000);
          await seedStorage(page, {
            [STORAGE_KEYS.theme]: theme,
            [STORAGE_KEYS.language]: locale,
            player_swipe_hint_seen: '1',
          });
          const shot = (what: string) => page.screenshot({ path: testInfo.outputPath(`${name}-${what}-${theme}-${locale}.png`) });

          await page.goto('/');
          await coversLoaded(page.getByTestId('hot-ranking'));
          await expect(page.getByTestId('featured-slide').first()).toBeVisible();
          if (name === 'desktop') await shot('home');
          await page.getByTestId('preferences-button').click();
          await settled(page.getByRole('dialog'));
          await shot('sheet');
          await page.keyboard.press('Escape');
          await expect(page.getByRole('dialog')).toHaveCount(0);

          await page.goto('/category');
          await coversLoaded(page.getByTestId('drama-grid'));
          await shot('category');

          if (name === 'desktop') {
            await page.goto('/player/1');
            await expect(page.getByTestId('player')).toHaveAttribute('data-status', /playing|paused/);
            await expect(page.getByTestId('episode-panel')).toBeVisible();
            await shot('player');
            await page.goto('/explore');
            await expect(page.locator('[data-testid="explore-item"][data-active="true"]')).toBeVisible();
            await shot('explore');
            await page.goto('/profile');
            await shot('profile');
          }
        });
      }
    }
  });
}
