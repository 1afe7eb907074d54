import { API_BASE, STORAGE_KEYS, apiPaths, dramaListResponseSchema } from '@drama/contracts';
import type { Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import { activeVideo, openAs } from './player-support';
import { longPressDrag, pointIn, tap } from './touch';

/** Waits for a sheet's rise to end, so the picture shows it in place. */
async function settled(sheet: Locator): Promise<void> {
  await expect(sheet).toBeVisible();
  await sheet.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
}

// Not assertions about pixels: pictures for people to look at (test-results/). The player with
// its controls shown, over a drama whose title the top bar used to cut, and the subtitle sheet
// with its way back for a moved subtitle.
for (const locale of ['zh-CN', 'en-US'] as const) {
  for (const theme of ['dark', 'light'] as const) {
    test(`player with controls and the subtitle sheet, ${locale}, ${theme}`, async ({ page, request }, testInfo) => {
      test.setTimeout(90_000);
      const response = await request.get(`${API_BASE}${apiPaths.dramas()}`, { headers: { 'Accept-Language': 'en-US' }, params: { limit: 100 } });
      const drama = dramaListResponseSchema.parse(await response.json()).data.items.find((item) => item.title.startsWith('Reborn Noble Daughter'))!;
      await openAs(page, { locale, extra: { [STORAGE_KEYS.theme]: theme } });
      await page.goto(`/player/${drama.id}`);
      const player = page.getByTestId('player');
      await expect(player).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
      await activeVideo(page).evaluate((video: HTMLVideoElement) => {
        video.pause();
        video.currentTime = 1.2;
      });
      await expect(player).toHaveAttribute('data-controls', 'shown');
      await expect(page.getByTestId('subtitle')).toBeVisible();
      await page.screenshot({ path: testInfo.outputPath(`player-controls-${locale}-${theme}.png`) });

      // Moved with a long-press, so the sheet offers the way back.
      await longPressDrag(page, page.getByTestId('subtitle'), -30);
      await expect.poll(() => page.evaluate((key) => localStorage.getItem(key) ?? '', STORAGE_KEYS.subtitleSettings)).toContain('"position"');
      await tap(page, await pointIn(page.getByTestId('action-subtitles')));
      const sheet = page.getByTestId('subtitle-sheet');
      await settled(sheet);
      await sheet.getByTestId('subtitle-reset-position').scrollIntoViewIfNeeded();
      await page.screenshot({ path: testInfo.outputPath(`player-subtitle-sheet-${locale}-${theme}.png`) });
    });
  }
}

test('explore with the whole description opened', async ({ page }, testInfo) => {
  await openAs(page, { locale: 'en-US' });
  await page.goto('/explore');
  const item = page.locator('[data-testid="explore-item"][data-active="true"]');
  await expect(item).toHaveAttribute('data-status', 'playing', { timeout: 20_000 });
  await tap(page, await pointIn(item.getByRole('button', { name: 'More' })));
  await expect(item.getByRole('button', { name: 'Less' })).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('explore-description-open.png') });
});
